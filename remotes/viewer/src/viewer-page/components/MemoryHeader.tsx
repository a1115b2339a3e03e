import type { Memory } from '@memories/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JournalBadge, useJournals } from '@memories/web-journals';
import { MoodLabel, SharedByLabel } from '@memories/web-ui';

import { formatMemoryDate } from '../utils/format-memory-dates';

/**
 * Title, its journal (colour and name), date, mood (when it has one), tag count, author (and who shared it),
 * Draft/Published marker, view count (when present) and the tag chips.
 */
export function MemoryHeader({ memory }: { memory: Memory }) {
  const tagCount = memory.tags.length;
  // A journal shared with the reader, or one of theirs: a memory shared on its own shows no journal.
  const journal = useJournals().byId(memory.journalId);
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '2.75rem' }, wordBreak: 'break-word' }}
        gutterBottom
      >
        {memory.title}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', mb: 2 }}
      >
        {journal && <JournalBadge journal={journal} />}
        <time dateTime={memory.date}>{formatMemoryDate(memory.date)}</time>
        {memory.mood !== null && <MoodLabel mood={memory.mood} />}
        <span>{tagCount === 1 ? '1 tag' : `${tagCount} tags`}</span>
        <span>By {memory.userEmail}</span>
        {memory.sharedBy && <SharedByLabel sharedBy={memory.sharedBy} />}
        {/* Filled chips: MUI's outlined warning colour is too faint for small text (axe colour-contrast). */}
        <Chip
          size="small"
          label={memory.isDraft ? 'Draft' : 'Published'}
          color={memory.isDraft ? 'default' : 'success'}
        />
        {memory.viewCount > 0 && <span>{memory.viewCount === 1 ? '1 view' : `${memory.viewCount} views`}</span>}
      </Stack>
      {tagCount > 0 && (
        <Box
          component="ul"
          aria-label="Tags"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {memory.tags.map((tag) => (
            <li key={tag}>
              <Chip label={tag} size="small" />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
