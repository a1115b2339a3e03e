import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

export interface ShownOnceSecretProps {
  /** What just happened and what it is, e.g. "Your new token “Backup”". */
  title: string;
  /** The name of the field that holds the secret, e.g. "Token" or "Invite link". */
  label: string;
  secret: string;
  /** A further sentence, e.g. where else the secret went. */
  note?: string;
  /** Dismisses it for good. */
  onDone: () => void;
  /** Other ways to keep it, beside Copy (a locked journal's recovery key: Download). */
  children?: ReactNode;
}

/**
 * A secret the server shows only once (a token, a signing secret, an invite link; it keeps only a hash): copy it now,
 * or select it in its read-only field where the clipboard is refused, then dismiss it.
 */
export function ShownOnceSecret({ title, label, secret, note, onDone, children }: ShownOnceSecretProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <Alert severity="warning" role="status" data-testid="shown-once-secret" sx={{ '& .MuiAlert-message': { flex: 1 } }}>
      <Typography fontWeight="bold">{title}</Typography>
      <Typography variant="body2">
        {['Copy it now: it will not be shown again.', note].filter(Boolean).join(' ')}
      </Typography>
      <TextField
        label={label}
        size="small"
        value={secret}
        fullWidth
        multiline
        sx={{ my: 1.5, '& textarea': { fontFamily: 'monospace', wordBreak: 'break-all' } }}
        onFocus={(event) => (event.target as HTMLTextAreaElement).select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
      />
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
        <Button size="small" variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        {children}
        <Button size="small" onClick={onDone}>
          Done
        </Button>
        {copied && (
          <Typography variant="body2" role="status">
            {copied === 'yes' ? 'Copied.' : 'Could not copy: select it and copy it yourself.'}
          </Typography>
        )}
      </Stack>
    </Alert>
  );
}
