import { prefetchRoute, type Journal } from '@memories/contracts';
import { JournalBadge } from '@memories/web-journals';
import FavoriteIcon from '@mui/icons-material/Favorite';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LazyPartBoundary, MoodLabel, SharedByLabel, lazyPart } from '@memories/web-ui';
import { useId, useState } from 'react';
import { MemoryTitle, memoryTitleText } from '../../components/MemoryTitle';
import { useShownMemory } from '../../hooks/useShownMemory';
import type { ListedMemory } from '../hooks/useMyMemories';
import { HighlightedSnippet } from './HighlightedSnippet';
import type { MemoryActions } from './memory-actions';
import { TagChips } from './TagChips';

// The menu (MUI's Menu, Popover and Modal) is fetched when a card's actions button is first hovered, focused or
// pressed.
const MemoryCardMenu = lazyPart(() => import('./MemoryCardMenu').then(({ MemoryCardMenu }) => MemoryCardMenu));

// The browser's Intl gives date-fns' "MMM d" (en-US) without date-fns' locale tables in /dashboard's first load.
const cardDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export interface MemoryGridCardProps extends MemoryActions {
  memory: ListedMemory;
  /** Its journal, shown by colour and name (left out while the person has one journal). */
  journal?: Journal;
}

/**
 * A grid card (spec section 2): thumbnail or placeholder, Draft/Live badge, counts on hover, title, "MMM d", first tag
 * +
 * "+N", menu; a search hit also shows where its words matched.
 */
export function MemoryGridCard({ memory: listed, journal, onView, onEdit, onDelete, mayChange }: MemoryGridCardProps) {
  const memory = useShownMemory(listed);
  const title = memoryTitleText(memory);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // Once opened the menu stays mounted, so it can animate out.
  const [menuUsed, setMenuUsed] = useState(false);
  const close = () => setMenuAnchor(null);
  const statusId = useId();
  const detailsId = useId();
  return (
    <Card
      variant="outlined"
      data-testid="memory-card"
      sx={{
        position: 'relative',
        height: '100%',
        '&:hover .memory-counts, &:focus-within .memory-counts': { opacity: 1 },
      }}
    >
      <CardActionArea
        onClick={() => onView(listed)}
        aria-label={`View ${title}`}
        // Named by its title; a screen reader then reads what the card shows of it: draft or live, the date, mood,
        // journal, who wrote it and the search's excerpt.
        aria-describedby={`${statusId} ${detailsId}`}
        {...prefetchRoute(`/memory/${memory.id}`)}
      >
        <Box sx={{ position: 'relative', aspectRatio: '16 / 10', bgcolor: 'action.hover' }}>
          {memory.thumbnailUrl ? (
            <Box
              component="img"
              src={memory.thumbnailUrl}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Box
              sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.disabled' }}
              data-testid="thumbnail-placeholder"
            >
              <ImageOutlinedIcon fontSize="large" />
            </Box>
          )}
          <Chip
            id={statusId}
            label={memory.isDraft ? 'Draft' : 'Live'}
            size="small"
            color={memory.isDraft ? 'warning' : 'success'}
            sx={{ position: 'absolute', top: 8, left: 8 }}
          />
          <Stack
            className="memory-counts"
            direction="row"
            spacing={1.5}
            sx={{
              position: 'absolute',
              bottom: 8,
              left: 8,
              px: 1,
              py: 0.25,
              borderRadius: 1,
              bgcolor: 'rgba(0,0,0,0.6)',
              color: '#fff',
              opacity: 0,
              transition: 'opacity 150ms',
            }}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={`${memory.viewCount} views`}>
              <VisibilityIcon sx={{ fontSize: 16 }} />
              <Typography variant="caption">{memory.viewCount}</Typography>
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={`${memory.likeCount} likes`}>
              <FavoriteIcon sx={{ fontSize: 16 }} />
              <Typography variant="caption">{memory.likeCount}</Typography>
            </Stack>
          </Stack>
        </Box>
        <Box sx={{ p: 1.5, pr: 5 }}>
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
            <MemoryTitle memory={memory} />
          </Typography>
          <div id={detailsId}>
            <Typography variant="body2" color="text.secondary">
              {cardDate.format(new Date(memory.date))}
            </Typography>
            {memory.mood !== null && <MoodLabel mood={memory.mood} variant="caption" />}
            {journal && <JournalBadge journal={journal} />}
            {/* In a shared journal, who wrote a memory that is not the reader's own. */}
            {memory.sharedBy && <SharedByLabel sharedBy={memory.sharedBy} variant="caption" />}
            {memory.highlight && <HighlightedSnippet markup={memory.highlight} lines={3} />}
          </div>
        </Box>
      </CardActionArea>
      <Box sx={{ px: 1.5, pb: 1.5 }}>
        <TagChips tags={memory.tags} max={1} />
      </Box>
      <IconButton
        aria-label={`Actions for ${title}`}
        aria-haspopup="menu"
        onPointerEnter={MemoryCardMenu.preload}
        onFocus={MemoryCardMenu.preload}
        onClick={(event) => (setMenuUsed(true), setMenuAnchor(event.currentTarget))}
        sx={{ position: 'absolute', right: 4, bottom: 40 }}
      >
        <MoreVertIcon />
      </IconButton>
      {menuUsed && (
        // Without the menu's code the card still opens its memory (the card itself), so nothing else is shown;
        // pressing the actions button again fetches the code again.
        <LazyPartBoundary fallback={null} retryKey={menuAnchor}>
          <MemoryCardMenu
            memory={listed}
            anchor={menuAnchor}
            onClose={close}
            onView={onView}
            onEdit={onEdit}
            // The question before a delete names the memory as the card shows it.
            onDelete={() => onDelete(memory)}
            mayChange={mayChange}
          />
        </LazyPartBoundary>
      )}
    </Card>
  );
}
