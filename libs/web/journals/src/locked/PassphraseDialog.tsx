import Button from '@mui/material/Button';
import type { Journal } from '@memories/contracts';
import { ConfirmDialog, TextInput } from '@memories/web-ui';
import { useEffect, useState } from 'react';
import { prepareUnlock, unlockJournal } from './journal-unlocking';

export interface UnlockJournalDialogProps {
  journal: Pick<Journal, 'id' | 'name'>;
  onUnlocked: () => void;
  onCancel: () => void;
  /** As the unlock starts (the passphrase is being stretched): what may already be fetched meanwhile. */
  onUnlocking?: () => void;
}

/** Asks for a locked journal's passphrase (or its recovery key) and unlocks it in this tab. */
export function PassphraseDialog({ journal, onUnlocked, onCancel, onUnlocking }: UnlockJournalDialogProps) {
  const [useRecoveryKey, setUseRecoveryKey] = useState(false);
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => prepareUnlock(journal.id), [journal.id]);
  const unlock = async () => {
    if (!secret.trim()) {
      setError(useRecoveryKey ? 'Enter the recovery key.' : 'Enter the passphrase.');
      return;
    }
    setBusy(true);
    setError(undefined);
    // The unlock's own requests go first: what onUnlocking fetches meanwhile queues behind them, not before.
    const unlocking = unlockJournal(journal.id, useRecoveryKey ? { recoveryKey: secret } : { passphrase: secret });
    onUnlocking?.();
    try {
      await unlocking;
      onUnlocked();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={`Unlock “${journal.name}”`}
      message={
        useRecoveryKey
          ? 'Enter the recovery key you saved when you made this journal.'
          : 'This journal is end-to-end encrypted. Its passphrase stays on this device.'
      }
      confirmLabel={busy ? 'Unlocking…' : 'Unlock'}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={() => void unlock()}
    >
      <TextInput
        autoFocus
        label={useRecoveryKey ? 'Recovery key' : 'Passphrase'}
        type={useRecoveryKey ? 'text' : 'password'}
        autoComplete={useRecoveryKey ? 'off' : 'current-password'}
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'unlock-secret' } }}
      />
      <Button
        size="small"
        sx={{ mt: 1 }}
        onClick={() => {
          setUseRecoveryKey((current) => !current);
          setSecret('');
          setError(undefined);
        }}
      >
        {useRecoveryKey ? 'Use the passphrase instead' : 'Use the recovery key instead'}
      </Button>
    </ConfirmDialog>
  );
}
