import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useJournals, useUnlockedJournalIds } from '@memories/web-journals';

export interface JournalPickerProps {
  /** The chosen journal; empty for the writer's default. */
  value: string | undefined;
  /** Moving a memory to another journal is its author's to do. */
  disabled?: boolean;
  /**
   * A new memory may go to a locked journal unlocked in this tab. A saved one never moves into or out of one: its
   * earlier versions would stay readable on the server, or its text would leave the device.
   */
  offerUnlocked?: boolean;
  onChange: (journalId: string) => void;
}

/**
 * Which journal the memory goes to: the journals the writer may write in (their own, and those shared with them as an
 * editor). Shown only when there is a choice.
 */
export function JournalPicker({ value, disabled = false, offerUnlocked = false, onChange }: JournalPickerProps) {
  const { journals } = useJournals();
  const unlocked = useUnlockedJournalIds();
  const writable = journals.filter(
    (journal) => journal.role !== 'viewer' && (!journal.locked || (offerUnlocked && unlocked.has(journal.id))),
  );
  const chosen = value || journals.find((journal) => journal.isDefault)?.id || '';
  if (writable.length < 2 || !writable.some((journal) => journal.id === chosen)) return null;
  return (
    <TextField
      select
      fullWidth
      label="Journal"
      value={chosen}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      data-testid="journal-picker"
    >
      {writable.map((journal) => (
        <MenuItem key={journal.id} value={journal.id}>
          {journal.name}
          {journal.locked ? ' (locked)' : ''}
          {journal.owner ? ` (shared by ${journal.owner.name || journal.owner.email})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
