import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface NoticeDialogProps {
  title: string;
  message: ReactNode;
  severity: 'error' | 'success';
  onClose: () => void;
  action?: { label: string; onClick: () => void };
}

/** The modal form of a notice: title, message, an optional secondary action and OK. Loaded on first use. */
export function NoticeDialog({ title, message, severity, onClose, action }: NoticeDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      role={severity === 'error' ? 'alertdialog' : 'dialog'}
    >
      <DialogTitle id={titleId} sx={{ color: `${severity}.main` }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {action && <Button onClick={action.onClick}>{action.label}</Button>}
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
