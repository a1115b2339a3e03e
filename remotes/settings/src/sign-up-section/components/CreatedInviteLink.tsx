import type { CreatedInvite } from '@memories/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** The link of a new invite, to copy: it is shown only now (the server keeps only its hash). */
export function CreatedInviteLink({ invite }: { invite: CreatedInvite }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(invite.url).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  const sentTo = invite.mailed && invite.email ? ` It was also e-mailed to ${invite.email}.` : '';
  return (
    <Stack spacing={1} data-testid="created-invite">
      <Alert severity="success" role="status">
        {`Invite created. Copy the link now and send it: it is shown only once.${sentTo}`}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          label="Invite link"
          size="small"
          value={invite.url}
          fullWidth
          onFocus={(event) => (event.target as HTMLInputElement).select()}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          Copy link
        </Button>
      </Stack>
      {copied && (
        <span role="status">
          {copied === 'yes' ? 'The link is copied.' : 'Could not copy: select the link and copy it yourself.'}
        </span>
      )}
    </Stack>
  );
}
