import { SuccessNotice } from '@memories/web-ui';

export const APP_UPDATE_TITLE = 'Update';
export const APP_UPDATE_MESSAGE = 'A new version is ready';

/** "A new version is ready — Reload". */
export function UpdateReadyNotice({ onReload }: { onReload: () => void }) {
  return (
    <SuccessNotice title={APP_UPDATE_TITLE} message={APP_UPDATE_MESSAGE} onAction={onReload} actionLabel="Reload" />
  );
}
