import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JOURNAL_COLORS, MAX_JOURNAL_NAME_LENGTH, type Journal } from '@memories/contracts';
import type { JournalsApi } from '@memories/web-api-client';
import { createJournalKeys, unlockedJournals } from '@memories/web-crypto';
import { ConfirmDialog, TextInput } from '@memories/web-ui';
import { useState } from 'react';
import { ColorChoice } from './ColorChoice';

/** The plain warning before a locked journal exists (issue 37: said before it is created). */
export const LOCKED_JOURNAL_WARNING =
  'A locked journal is encrypted on this device before anything reaches the server. Nobody else can read it: not ' +
  'the server, not its administrator. If you forget the passphrase and lose the recovery key, the journal is gone ' +
  'for good: nobody can open it again, and nobody can help you.';

/** The shortest passphrase a locked journal accepts. */
export const MIN_PASSPHRASE_LENGTH = 10;

export type JournalFormResult = { journal: Journal; recoveryKey?: string };

export interface JournalFormDialogProps {
  api: Pick<JournalsApi, 'create' | 'update'>;
  /** The journal to rename or recolour; absent for a new one. */
  journal?: Journal;
  /** The colours already used, so a new journal starts with one that is not. */
  usedColors: readonly string[];
  onDone: (result: JournalFormResult, message?: string) => void;
  onCancel: () => void;
}

/** Makes a journal (plain or locked), or renames and recolours one. */
export function JournalFormDialog({ api, journal, usedColors, onDone, onCancel }: JournalFormDialogProps) {
  const [name, setName] = useState(journal?.name ?? '');
  const [color, setColor] = useState(
    journal?.color ?? JOURNAL_COLORS.find((candidate) => !usedColors.includes(candidate)) ?? JOURNAL_COLORS[0],
  );
  const [locked, setLocked] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [repeated, setRepeated] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const problem = (): string | undefined => {
    if (!name.trim()) return 'Give the journal a name.';
    if (!locked) return undefined;
    if (passphrase.length < MIN_PASSPHRASE_LENGTH)
      return `The passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters; a few words are best.`;
    if (passphrase !== repeated) return 'The two passphrases are not the same.';
    if (!understood) return 'Confirm that you understand what a lost passphrase means.';
    return undefined;
  };

  const save = async () => {
    const found = problem();
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      if (journal) {
        const { data, message } = await api.update(journal.id, { name: name.trim(), color });
        onDone({ journal: data }, message);
        return;
      }
      if (!locked) {
        const { data, message } = await api.create({ name: name.trim(), color });
        onDone({ journal: data }, message);
        return;
      }
      const keys = await createJournalKeys(passphrase);
      const { data, message } = await api.create({ name: name.trim(), color, keyEnvelope: keys.envelope });
      unlockedJournals.unlock(data.id, keys.journalKey);
      onDone({ journal: data, recoveryKey: keys.recoveryKey }, message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={journal ? `Edit “${journal.name}”` : 'New journal'}
      message={journal ? 'Change its name or its colour.' : 'A journal keeps memories together, in its own colour.'}
      confirmLabel={busy ? 'Saving…' : journal ? 'Save' : 'Create journal'}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={() => void save()}
    >
      <Stack spacing={2}>
        <TextInput
          autoFocus
          required
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: MAX_JOURNAL_NAME_LENGTH } }}
        />
        <ColorChoice value={color} onChange={setColor} />
        {!journal && (
          <FormControlLabel
            control={<Checkbox checked={locked} onChange={(event) => setLocked(event.target.checked)} />}
            label="Lock it with a passphrase (end-to-end encrypted)"
          />
        )}
        {locked && (
          <Stack spacing={2} data-testid="locked-journal-fields">
            <Typography role="note" color="warning.main" fontWeight="bold">
              {LOCKED_JOURNAL_WARNING}
            </Typography>
            <TextInput
              required
              type="password"
              label="Passphrase"
              autoComplete="new-password"
              value={passphrase}
              onChange={(event) => setPassphrase(event.target.value)}
              hint={`At least ${MIN_PASSPHRASE_LENGTH} characters. It never leaves this device.`}
            />
            <TextInput
              required
              type="password"
              label="Passphrase again"
              autoComplete="new-password"
              value={repeated}
              onChange={(event) => setRepeated(event.target.value)}
            />
            <FormControlLabel
              control={<Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />}
              label="I understand: without the passphrase or the recovery key, this journal cannot be opened again."
            />
          </Stack>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
