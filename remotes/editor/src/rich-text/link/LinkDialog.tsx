import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { linkHrefProblem } from './link-href-problem.util';

export interface LinkDialogProps {
  open: boolean;
  /** The link at the selection, to edit; empty for a new one. */
  initialUrl: string;
  onCancel: () => void;
  onConfirm: (href: string) => void;
  /** Offered only when the selection is already a link. */
  onRemove?: () => void;
}

/** The link modal (spec section 2): a URL input, Cancel and "Add Link"; Enter confirms; only allowed schemes. */
export function LinkDialog({ open, initialUrl, onCancel, onConfirm, onRemove }: LinkDialogProps) {
  const [url, setUrl] = useState(initialUrl);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = linkHrefProblem(url);
    if (found) {
      setProblem(found);
      return;
    }
    onConfirm(url.trim());
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{initialUrl ? 'Edit Link' : 'Insert Link'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="URL"
            type="url"
            placeholder="https://example.com"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem}
            slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          {onRemove && (
            <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
              Remove Link
            </Button>
          )}
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained">
            Add Link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
