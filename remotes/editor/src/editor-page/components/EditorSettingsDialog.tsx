import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface EditorSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  autoSave: boolean;
  onAutoSaveChange: (enabled: boolean) => void;
}

/** The editor settings popup (spec section 2): a centred dialog with the Auto-Save toggle and its status. */
export function EditorSettingsDialog({ open, onClose, autoSave, onAutoSaveChange }: EditorSettingsDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Editor Settings</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={<Switch checked={autoSave} onChange={(event) => onAutoSaveChange(event.target.checked)} />}
          label="Auto-Save"
        />
        <Typography role="status" color={autoSave ? 'success.main' : 'text.secondary'} sx={{ mt: 1 }}>
          Status: {autoSave ? 'Enabled' : 'Disabled'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          More editor settings coming soon...
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
