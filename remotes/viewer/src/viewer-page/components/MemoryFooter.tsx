import type { Memory } from '@memories/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { formatTimestamp } from '../utils/format-memory-dates';

/** Created time, last update only when it differs, word count and reading time. */
export function MemoryFooter({ memory }: { memory: Memory }) {
  return (
    <Box
      component="footer"
      sx={{
        mt: 4,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
      }}
    >
      <Typography variant="body2">Created {formatTimestamp(memory.createdAt)}</Typography>
      {memory.updatedAt !== memory.createdAt && (
        <Typography variant="body2">Last updated {formatTimestamp(memory.updatedAt)}</Typography>
      )}
      <Typography variant="body2">{memory.wordCount === 1 ? '1 word' : `${memory.wordCount} words`}</Typography>
      <Typography variant="body2">{memory.readingTime} min read</Typography>
    </Box>
  );
}
