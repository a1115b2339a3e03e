import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MemorySummary } from '@memories/contracts';
import { MoodLabel } from '@memories/web-ui';
import { Link as RouterLink } from 'react-router';
import { isUnreadable, MemoryTitle } from '../../components/MemoryTitle';
import { useShownSummary } from '../../hooks/useShownSummary';
import { formatLongDay } from '../../utils/local-day.util';

/**
 * One memory on the timeline: its thumbnail, title (a link to it), date, tags, mood and excerpt. A memory of a locked
 * journal is opened while the journal is unlocked in this tab, and shown locked otherwise; never with its images.
 */
export function TimelineEntry({ entry: summary }: { entry: MemorySummary }) {
  const entry = useShownSummary(summary);
  return (
    <Stack direction="row" spacing={2} sx={{ py: 1.5, alignItems: 'flex-start' }} data-testid="timeline-entry">
      <Box
        sx={{
          flex: '0 0 72px',
          height: 72,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.disabled',
        }}
      >
        {entry.imageUrl && !isUnreadable(entry) ? (
          <Box
            component="img"
            src={entry.imageUrl}
            alt=""
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <ImageOutlinedIcon />
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link
            component={RouterLink}
            to={`/memory/${entry.id}`}
            variant="subtitle1"
            underline="hover"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            <MemoryTitle memory={entry} />
          </Link>
          {entry.isDraft && <Chip label="Draft" size="small" color="warning" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {formatLongDay(entry.date)}
          {entry.tags.length > 0 && ` · ${entry.tags.join(', ')}`}
        </Typography>
        {entry.mood !== null && <MoodLabel mood={entry.mood} />}
        {entry.excerpt && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {entry.excerpt}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
