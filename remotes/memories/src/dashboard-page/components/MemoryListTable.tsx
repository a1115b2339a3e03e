import { prefetchRoute } from '@memories/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SharedByLabel } from '@memories/web-ui';
import { MemoryTitle, memoryTitleText } from '../../components/MemoryTitle';
import { useShownMemory } from '../../hooks/useShownMemory';
import { formatLongDay } from '../../utils/local-day.util';
import { plainTextExcerpt } from '../utils/plain-text-excerpt.util';
import type { ListedMemory } from '../hooks/useMyMemories';
import { HighlightedSnippet } from './HighlightedSnippet';
import type { MemoryActions } from './memory-actions';
import { TagChips } from './TagChips';

export interface MemoryListTableProps extends MemoryActions {
  memories: readonly ListedMemory[];
}

/**
 * The list view (spec section 2): Memory, Date, Tags, Actions; scrolls sideways on narrow screens. A search hit shows
 * its snippet as the excerpt.
 */
export function MemoryListTable({ memories, ...actions }: MemoryListTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Memory</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Tags</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {memories.map((memory) => (
            <MemoryRow key={memory.id} memory={memory} {...actions} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One row; a memory of a locked journal opened while the journal is unlocked in this tab. */
function MemoryRow({ memory: listed, onView, onEdit, onDelete, mayChange }: MemoryActions & { memory: ListedMemory }) {
  const memory = useShownMemory(listed);
  const title = memoryTitleText(memory);
  const changeable = mayChange?.(listed) ?? true;
  return (
    <TableRow data-testid="memory-row">
      <TableCell sx={{ maxWidth: 360 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2" component="span" sx={{ fontWeight: 600 }}>
            <MemoryTitle memory={memory} />
          </Typography>
          <Chip
            label={memory.isDraft ? 'Draft' : 'Published'}
            size="small"
            color={memory.isDraft ? 'warning' : 'success'}
          />
        </Stack>
        {memory.highlight ? (
          <HighlightedSnippet markup={memory.highlight} lines={2} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {plainTextExcerpt(memory.contentHtml)}
          </Typography>
        )}
        {memory.sharedBy && <SharedByLabel sharedBy={memory.sharedBy} variant="caption" />}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLongDay(memory.date)}</TableCell>
      <TableCell>
        <TagChips tags={memory.tags} max={2} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          onClick={() => onView(listed)}
          aria-label={`View ${title}`}
          {...prefetchRoute(`/memory/${memory.id}`)}
        >
          View
        </Button>
        {changeable && (
          <>
            <Button size="small" onClick={() => onEdit(listed)} aria-label={`Edit ${title}`}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={() => onDelete(memory)} aria-label={`Delete ${title}`}>
              Delete
            </Button>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
