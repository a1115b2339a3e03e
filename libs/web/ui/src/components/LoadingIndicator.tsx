import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface LoadingIndicatorProps {
  /** Visible text next to the spinner; also what screen readers announce. */
  label?: string;
}

/** A centred spinner with a text, announced politely (the guard's "Loading...", a remote being fetched). */
export function LoadingIndicator({ label = 'Loading...' }: LoadingIndicatorProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 8 }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
