import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface RemoteFallbackProps {
  /** Module Federation name of the remote that failed. */
  remote: string;
  onRetry: () => void;
}

/**
 * Shown in place of a page whose remote cannot load; the layout around it keeps working. Built from components the
 * first load already has (Paper, Typography, Button) rather than MUI's Alert, which would add ~2 KiB gzip to every
 * first load for a screen that is rarely seen.
 */
export function RemoteFallback({ remote, onRetry }: RemoteFallbackProps) {
  const titleId = useId();
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', my: 6, px: 2 }} data-testid="remote-fallback" data-remote={remote}>
      <Paper
        role="alert"
        aria-labelledby={titleId}
        variant="outlined"
        sx={{
          p: 2,
          display: 'flex',
          gap: 2,
          alignItems: 'flex-start',
          flexWrap: 'wrap',
          borderColor: 'warning.main',
          borderLeftWidth: 6,
        }}
      >
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            This part of Memories could not be loaded
          </Typography>
          <Typography color="text.secondary">
            It may be updating or your connection dropped. Everything else still works; try again in a moment.
          </Typography>
        </Box>
        <Button color="inherit" variant="outlined" size="small" onClick={onRetry}>
          Retry
        </Button>
      </Paper>
    </Box>
  );
}
