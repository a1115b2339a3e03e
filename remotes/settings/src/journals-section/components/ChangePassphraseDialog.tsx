import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Journal } from '@memories/contracts';
import type { JournalsApi } from '@memories/web-api-client';
import { changePassphrase } from '@memories/web-crypto';
import { forgetJournalEnvelope } from '@memories/web-journals';
import { ConfirmDialog, TextInput } from '@memories/web-ui';
import { useState } from 'react';
import { MIN_PASSPHRASE_LENGTH } from './JournalFormDialog';

export interface ChangePassphraseDialogProps {
  api: Pick<JournalsApi, 'key' | 'rekey'>;
  journal: Journal;
  onDone: (message?: string) => void;
  onCancel: () => void;
}

/**
 * A new passphrase for a locked journal, proven by the current one (or the recovery key). Only the wrapped key
 * changes; no memory is encrypted again, and the recovery key keeps working.
 */
export function ChangePassphraseDialog({ api, journal, onDone, onCancel }: ChangePassphraseDialogProps) {
  const [useRecoveryKey, setUseRecoveryKey] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const change = async () => {
    if (next.length < MIN_PASSPHRASE_LENGTH || next !== repeated) {
      setError(
        next !== repeated
          ? 'The two new passphrases are not the same.'
          : `The passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters.`,
      );
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const envelope = await api.key(journal.id);
      const secret = useRecoveryKey ? { recoveryKey: current } : { passphrase: current };
      const { message } = await api.rekey(journal.id, await changePassphrase(envelope, secret, next));
      forgetJournalEnvelope(journal.id);
      onDone(message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={`Change the passphrase of “${journal.name}”`}
      message="Your memories stay as they are; the recovery key keeps working."
      confirmLabel={busy ? 'Changing…' : 'Change passphrase'}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={() => void change()}
    >
      <Stack spacing={2}>
        <TextInput
          autoFocus
          type={useRecoveryKey ? 'text' : 'password'}
          label={useRecoveryKey ? 'Recovery key' : 'Current passphrase'}
          autoComplete={useRecoveryKey ? 'off' : 'current-password'}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <div>
          <Button size="small" onClick={() => setUseRecoveryKey((value) => !value)}>
            {useRecoveryKey ? 'Use the current passphrase instead' : 'I forgot it: use the recovery key'}
          </Button>
        </div>
        <TextInput
          type="password"
          label="New passphrase"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <TextInput
          type="password"
          label="New passphrase again"
          autoComplete="new-password"
          value={repeated}
          onChange={(event) => setRepeated(event.target.value)}
        />
      </Stack>
    </ConfirmDialog>
  );
}
