import { MAX_STORAGE_QUOTA_MB } from '@memories/contracts';
import { TextInput } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';

export interface QuotaEditorProps {
  /** Whose quota, for the field's name. */
  name: string;
  quotaMb: number | null;
  disabled: boolean;
  onSave: (quotaMb: number | null) => void;
}

const QUOTA_INVALID = `A quota is a whole number of MB from 1 to ${MAX_STORAGE_QUOTA_MB}, or empty for none.`;

const quotaText = (quotaMb: number | null) => (quotaMb === null ? '' : String(quotaMb));

/** An account's storage quota in MB; empty means no quota. */
export function QuotaEditor({ name, quotaMb, disabled, onSave }: QuotaEditorProps) {
  const [text, setText] = useState(quotaText(quotaMb));
  const [error, setError] = useState<string>();
  // A saved quota (this admin's or another's) shows in the field; the field itself stays, and with it the focus of
  // someone who saved by pressing Enter in it.
  const [shown, setShown] = useState(quotaMb);
  if (shown !== quotaMb) {
    setShown(quotaMb);
    setText(quotaText(quotaMb));
    setError(undefined);
  }
  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const value = trimmed === '' ? null : Number(trimmed);
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_STORAGE_QUOTA_MB)) {
      setError(QUOTA_INVALID);
      return;
    }
    setError(undefined);
    onSave(value);
  };
  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={save} sx={{ alignItems: 'flex-start' }}>
      <TextInput
        label="Quota (MB)"
        size="small"
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="No quota"
        error={error}
        fullWidth={false}
        slotProps={{ htmlInput: { 'aria-label': `Storage quota in MB for ${name}` } }}
        sx={{ width: 170 }}
      />
      <Button type="submit" variant="outlined" disabled={disabled} aria-label={`Save the storage quota of ${name}`}>
        Save
      </Button>
    </Stack>
  );
}
