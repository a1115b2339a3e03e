import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Journal } from '@memories/contracts';
import type { JournalsApi } from '@memories/web-api-client';
import { ConfirmDialog } from '@memories/web-ui';
import { useState } from 'react';

export interface DeleteJournalDialogProps {
  api: Pick<JournalsApi, 'remove'>;
  journal: Journal;
  /** The caller's other journals its memories may move to. */
  targets: readonly Journal[];
  onDone: (message?: string) => void;
  onCancel: () => void;
}

/** Deletes a journal: an empty one at once, one with memories after choosing where they go. */
export function DeleteJournalDialog({ api, journal, targets, onDone, onCancel }: DeleteJournalDialogProps) {
  const [moveTo, setMoveTo] = useState(targets.find((target) => target.isDefault)?.id ?? targets[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const hasMemories = journal.memoryCount > 0;
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { message } = await api.remove(journal.id, hasMemories ? moveTo : undefined);
      onDone(message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={`Delete “${journal.name}”?`}
      message={
        hasMemories
          ? `Its ${journal.memoryCount} ${journal.memoryCount === 1 ? 'memory moves' : 'memories move'} to the journal you choose (memories other members wrote go back to their own journals). Nothing is deleted but the journal.`
          : 'The journal is empty. Its members lose access to it.'
      }
      confirmLabel="Delete journal"
      destructive
      busy={busy || (hasMemories && !moveTo)}
      error={error}
      onCancel={onCancel}
      onConfirm={() => void remove()}
    >
      {hasMemories && (
        <TextField
          select
          fullWidth
          label="Move its memories to"
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
        >
          {targets.map((target) => (
            <MenuItem key={target.id} value={target.id}>
              {target.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ConfirmDialog>
  );
}
