import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Memory } from '@memories/contracts';
import { journalsApi, memoriesApi } from '@memories/web-api-client';
import { Link as RouterLink } from 'react-router';
import { MemoryTitle } from '../../components/MemoryTitle';
import { useRemoteData } from '../../hooks/useRemoteData';
import { useShownMemory } from '../../hooks/useShownMemory';
import { formatDay } from '../../utils/calendar.util';

/** How many memories of one day the calendar lists (a day rarely has more). */
const DAY_LIST_SIZE = 50;

/** The memories of the day picked in the calendar, each a link to it. */
export function DayMemories({ day, journalId }: { day: string; journalId?: string }) {
  const memories = useRemoteData(`${day}|${journalId ?? ''}`, (signal) => {
    const query = {
      dateFrom: day,
      dateTo: day,
      size: DAY_LIST_SIZE,
      sortBy: 'createdAt',
      sortDirection: 'asc',
    } as const;
    return journalId ? journalsApi.memories(journalId, query, { signal }) : memoriesApi.listMine(query, { signal });
  });
  return (
    <section aria-label={`Memories of ${formatDay(day)}`} data-testid="day-memories">
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
        {formatDay(day)}
      </Typography>
      {memories.status === 'loading' && <Skeleton height={32} />}
      {memories.status === 'error' && (
        <Typography color="error" role="alert" variant="body2">
          {memories.message}
        </Typography>
      )}
      {memories.status === 'ready' && memories.data.memories.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          No memories on this day.
        </Typography>
      )}
      {memories.status === 'ready' && memories.data.memories.length > 0 && (
        <List dense disablePadding>
          {memories.data.memories.map((memory) => (
            <DayMemory key={memory.id} memory={memory} />
          ))}
        </List>
      )}
    </section>
  );
}

/** A link to one memory of the day; one of a locked journal opened while the journal is unlocked in this tab. */
function DayMemory({ memory: loaded }: { memory: Memory }) {
  const memory = useShownMemory(loaded);
  return (
    <ListItem disableGutters sx={{ gap: 1 }}>
      <Link
        component={RouterLink}
        to={`/memory/${memory.id}`}
        state={{ memory: loaded }}
        sx={{ overflowWrap: 'anywhere' }}
      >
        <MemoryTitle memory={memory} />
      </Link>
      {memory.isDraft && <Chip label="Draft" size="small" color="warning" />}
    </ListItem>
  );
}
