import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface DashboardNoticeProps {
  open: boolean;
  severity: 'success' | 'error';
  text: string;
  onClose: () => void;
}

/** The outcome of a delete, as a snackbar. */
export function DashboardNotice({ open, severity, text, onClose }: DashboardNoticeProps) {
  return (
    <Snackbar open={open} autoHideDuration={4000} onClose={onClose}>
      <Alert severity={severity}>{text}</Alert>
    </Snackbar>
  );
}
