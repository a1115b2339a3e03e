import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import FavoriteIcon from '@mui/icons-material/Favorite';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Memory } from '@memories/contracts';
import { SharedByLabel } from '@memories/web-ui';
import { isUnreadable, MemoryTitle, memoryTitleText } from '../../components/MemoryTitle';
import type { ViewMode } from '../../components/ViewModeToggle';
import { useShownMemory } from '../../hooks/useShownMemory';

export interface ProfileMemoryGridProps {
  memories: readonly Memory[];
  view: ViewMode;
  /** The Shared tab: each memory says who shared it. */
  showSharedBy?: boolean;
  onOpen: (memory: Memory) => void;
}

function Counts({ memory }: { memory: Memory }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={`${memory.likeCount} likes`}>
        <FavoriteIcon sx={{ fontSize: 16 }} />
        <Typography variant="caption">{memory.likeCount}</Typography>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={`${memory.commentCount} comments`}>
        <ChatBubbleOutlineIcon sx={{ fontSize: 16 }} />
        <Typography variant="caption">{memory.commentCount}</Typography>
      </Stack>
    </Stack>
  );
}

/**
 * The profile's memories (spec section 2): a 3-column thumbnail grid with like and comment counts and a Draft badge, or
 * a list.
 */
export function ProfileMemoryGrid({ memories, view, showSharedBy = false, onOpen }: ProfileMemoryGridProps) {
  if (view === 'list') {
    return (
      <Stack spacing={1}>
        {memories.map((memory) => (
          <ProfileMemoryRow key={memory.id} memory={memory} showSharedBy={showSharedBy} onOpen={onOpen} />
        ))}
      </Stack>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: { xs: 0.5, sm: 1.5 } }}>
      {memories.map((memory) => (
        <ProfileMemoryTile key={memory.id} memory={memory} showSharedBy={showSharedBy} onOpen={onOpen} />
      ))}
    </Box>
  );
}

interface ProfileMemoryProps {
  memory: Memory;
  showSharedBy: boolean;
  onOpen: (memory: Memory) => void;
}

function SharedBy({ memory, showSharedBy }: Omit<ProfileMemoryProps, 'onOpen'>) {
  return showSharedBy && memory.sharedBy ? <SharedByLabel sharedBy={memory.sharedBy} variant="caption" /> : null;
}

/** A memory of the list; one of a locked journal opened while the journal is unlocked in this tab. */
function ProfileMemoryRow({ memory: loaded, showSharedBy, onOpen }: ProfileMemoryProps) {
  const memory = useShownMemory(loaded);
  return (
    <ButtonBase
      onClick={() => onOpen(loaded)}
      data-testid="profile-memory"
      sx={{
        justifyContent: 'space-between',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        textAlign: 'left',
      }}
    >
      <Stack sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            <MemoryTitle memory={memory} />
          </Typography>
          {memory.isDraft && <Chip label="Draft" size="small" color="warning" />}
        </Stack>
        <SharedBy memory={memory} showSharedBy={showSharedBy} />
      </Stack>
      <Counts memory={memory} />
    </ButtonBase>
  );
}

/** A memory of the grid, named by its title (a lock and "Locked memory" while it cannot be read here). */
function ProfileMemoryTile({ memory: loaded, showSharedBy, onOpen }: ProfileMemoryProps) {
  const memory = useShownMemory(loaded);
  return (
    <Box sx={{ minWidth: 0 }}>
      <ButtonBase
        onClick={() => onOpen(loaded)}
        aria-label={memoryTitleText(memory)}
        data-testid="profile-memory"
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '1',
          bgcolor: 'action.hover',
          overflow: 'hidden',
          borderRadius: 1,
        }}
      >
        {memory.thumbnailUrl ? (
          <Box
            component="img"
            src={memory.thumbnailUrl}
            alt=""
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : isUnreadable(memory) ? (
          <LockIcon sx={{ color: 'text.disabled' }} />
        ) : (
          <ImageOutlinedIcon sx={{ color: 'text.disabled' }} />
        )}
        {memory.isDraft && (
          <Chip label="Draft" size="small" color="warning" sx={{ position: 'absolute', top: 4, left: 4 }} />
        )}
        <Box
          sx={{
            position: 'absolute',
            bottom: 0,
            left: 0,
            right: 0,
            px: 1,
            py: 0.25,
            bgcolor: 'rgba(0,0,0,0.55)',
            color: '#fff',
          }}
        >
          <Counts memory={memory} />
        </Box>
      </ButtonBase>
      <SharedBy memory={memory} showSharedBy={showSharedBy} />
    </Box>
  );
}
