import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export interface RemoteFallbackProps {
  /** Module Federation name of the remote that failed. */
  remote: string;
  onRetry: () => void;
}

/** Shown in place of a page whose remote cannot load; the layout around it keeps working. */
export function RemoteFallback({ remote, onRetry }: RemoteFallbackProps) {
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', my: 6, px: 2 }} data-testid="remote-fallback" data-remote={remote}>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" variant="outlined" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        <AlertTitle>This part of Memories could not be loaded</AlertTitle>
        It may be updating or your connection dropped. Everything else still works; try again in a moment.
      </Alert>
    </Box>
  );
}
