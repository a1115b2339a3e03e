import { useOldestKeptCopyShown } from '@memories/web-offline';
import { useSession } from '@memories/web-session';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** "27 Nov, 10:42", with the year when it is not this year's; in the reader's own language and clock. */
function formatKeptAt(keptAt: number, now = new Date()): string {
  const kept = new Date(keptAt);
  const year = kept.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return kept.toLocaleString(undefined, { day: 'numeric', month: 'short', year, hour: '2-digit', minute: '2-digit' });
}

/**
 * Says the app is offline while the session opened without the network, or while a page shows what this device
 * kept instead of the server's answer, with the time of the oldest copy on screen. A status: read out once, never
 * taking focus.
 */
export function OfflineBanner() {
  const { isOffline } = useSession();
  const keptAt = useOldestKeptCopyShown();
  if (!isOffline && keptAt === null) return null;
  return (
    <Box
      role="status"
      data-testid="offline-banner"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        // The page's own text on the paper colour: readable in both themes; the warning colour marks only the edge.
        color: 'text.primary',
        bgcolor: 'background.paper',
        borderBottom: 2,
        borderColor: 'warning.main',
      }}
    >
      <CloudOffIcon fontSize="small" aria-hidden sx={{ color: 'warning.main', flexShrink: 0 }} />
      <Typography variant="body2">
        {keptAt === null ? (
          'Offline'
        ) : (
          <>
            Offline — showing your copy from{' '}
            <time dateTime={new Date(keptAt).toISOString()}>{formatKeptAt(keptAt)}</time>
          </>
        )}
      </Typography>
    </Box>
  );
}
