import { ErrorNotice, SuccessNotice } from '@memories/web-ui';
import { useCallback, useState } from 'react';

export type CardNoticeState = { kind: 'success' | 'error'; message: string } | null;

/** The outcome of the last action of a settings card, shown until dismissed or replaced. */
export function useCardNotice() {
  const [notice, setNotice] = useState<CardNoticeState>(null);
  const succeeded = useCallback((message: string) => setNotice({ kind: 'success', message }), []);
  const failed = useCallback(
    (error: unknown) => setNotice({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, succeeded, failed, clear };
}

export interface CardNoticeProps {
  notice: CardNoticeState;
  onClose: () => void;
}

export function CardNotice({ notice, onClose }: CardNoticeProps) {
  if (!notice) return null;
  return notice.kind === 'success' ? (
    <SuccessNotice title="Done" message={notice.message} onClose={onClose} />
  ) : (
    <ErrorNotice message={notice.message} onClose={onClose} />
  );
}
