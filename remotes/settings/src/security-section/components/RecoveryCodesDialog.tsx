import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';

const COPIED = 'Copied.';
const COPY_FAILED = 'The browser did not allow copying: select the codes and copy them yourself.';

export interface RecoveryCodesDialogProps {
  codes: string[];
  onClose: () => void;
}

/** The recovery codes, shown this once: copy, download or write them down before closing. */
export function RecoveryCodesDialog({ codes, onClose }: RecoveryCodesDialogProps) {
  const titleId = useId();
  const [copied, setCopied] = useState<string>();
  const text = `${codes.join('\n')}\n`;

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(COPIED),
      () => setCopied(COPY_FAILED),
    );

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'memories-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Your recovery codes</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Keep these somewhere safe. If you lose your phone, each code signs you in once instead of the code from your
          app. They are shown only now.
        </DialogContentText>
        <Box
          component="ul"
          aria-label="Recovery codes"
          data-testid="recovery-codes"
          sx={{
            listStyle: 'none',
            p: 2,
            my: 2,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 1,
            fontFamily: 'monospace',
            fontSize: '1rem',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        {copied && <DialogContentText role="status">{copied}</DialogContentText>}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void copy()}>Copy</Button>
        <Button onClick={download}>Download</Button>
        <Button variant="contained" onClick={onClose}>
          I have saved them
        </Button>
      </DialogActions>
    </Dialog>
  );
}
