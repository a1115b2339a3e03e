import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

export interface ShownOnceSecretProps {
  /** What it is, e.g. "Your new token". */
  label: string;
  secret: string;
  onDone: () => void;
}

/** A secret the server shows only once (a token, a signing secret): copy it now, then dismiss it for good. */
export function ShownOnceSecret({ label, secret, onDone }: ShownOnceSecretProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Alert severity="warning" role="status" data-testid="shown-once-secret">
      <Typography fontWeight="bold">{label}</Typography>
      <Typography variant="body2">Copy it now: it will not be shown again.</Typography>
      <Box
        component="code"
        sx={{ display: 'block', my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all' }}
        data-testid="secret-value"
      >
        {secret}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" variant="contained" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </Box>
    </Alert>
  );
}
