import { SettingsSection } from '../settings-page/components/SettingsSection';

/** /settings/sessions: the devices signed in to this account. */
export function SessionsSection() {
  return <SettingsSection title="Sessions" description="The devices where you are signed in." />;
}
