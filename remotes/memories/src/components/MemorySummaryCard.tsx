import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { MemorySummary } from '@memories/contracts';
import { MoodLabel } from '@memories/web-ui';
import { Link } from 'react-router';
import { useShownSummary } from '../hooks/useShownSummary';
import { formatLongDay } from '../utils/local-day.util';
import { isUnreadable, MemoryTitle } from './MemoryTitle';

export interface MemorySummaryCardProps {
  memory: MemorySummary;
  /** A line above the title, e.g. "3 years ago". */
  overline?: string;
}

/**
 * A small card of a memory that opens it: its picture (or a placeholder), a line, the title and the date. A memory of
 * a locked journal is opened while the journal is unlocked in this tab, and shown locked otherwise; never with its
 * images.
 */
export function MemorySummaryCard({ memory: summary, overline }: MemorySummaryCardProps) {
  const memory = useShownSummary(summary);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="memory-summary-card">
      <CardActionArea
        component={Link}
        to={`/memory/${memory.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover' }}>
          {memory.imageUrl && !isUnreadable(memory) ? (
            <Box
              component="img"
              src={memory.imageUrl}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
              <ImageOutlinedIcon />
            </Box>
          )}
        </Box>
        <Box sx={{ p: 1.5, flex: 1 }}>
          {overline && (
            <Typography variant="overline" color="primary" sx={{ display: 'block', lineHeight: 1.6, fontWeight: 700 }}>
              {overline}
            </Typography>
          )}
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <MemoryTitle memory={memory} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatLongDay(memory.date)}
          </Typography>
          {memory.mood !== null && <MoodLabel mood={memory.mood} variant="caption" />}
        </Box>
      </CardActionArea>
    </Card>
  );
}
