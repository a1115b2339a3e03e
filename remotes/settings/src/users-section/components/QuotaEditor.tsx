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

/** An account's storage quota in MB; empty means no quota. */
export function QuotaEditor({ name, quotaMb, disabled, onSave }: QuotaEditorProps) {
  const [text, setText] = useState(quotaMb === null ? '' : String(quotaMb));
  const [error, setError] = useState<string>();
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
