import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Journal } from '@memories/contracts';
import { JournalBadge } from '@memories/web-journals';
import { unavailableButton } from '@memories/web-ui';
import { countOf } from '../../settings-page/utils/count-of';

/** What a person can do with one of their journals from its row. */
export type JournalAction =
  'edit' | 'default' | 'members' | 'delete' | 'leave' | 'lock' | 'unlock' | 'passphrase' | 'decrypted' | 'up' | 'down';

export interface JournalRowProps {
  journal: Journal;
  unlocked: boolean;
  first: boolean;
  last: boolean;
  busy: boolean;
  onAction: (action: JournalAction, journal: Journal) => void;
}

const ROLE_TEXT: Record<Journal['role'], string> = { owner: 'Yours', editor: 'You can write', viewer: 'You can read' };

function summary(journal: Journal): string {
  const parts = [
    countOf(journal.memoryCount, 'memory', 'memories'),
    journal.owner ? `shared by ${journal.owner.name || journal.owner.email}` : ROLE_TEXT[journal.role],
  ];
  if (journal.role === 'owner' && journal.memberCount > 0)
    parts.push(`shared with ${countOf(journal.memberCount, 'person', 'people')}`);
  if (journal.isDefault) parts.push('default');
  if (journal.locked) parts.push('locked, end-to-end encrypted');
  return parts.join(' · ');
}

/** One journal in Settings → Journals: its colour, name and facts, its order, and what its owner or a member may do. */
export function JournalRow({ journal, unlocked, first, last, busy, onAction }: JournalRowProps) {
  const owner = journal.role === 'owner';
  const action = (name: JournalAction, label: string, color?: 'error') => (
    <Button size="small" color={color} {...unavailableButton(busy, () => onAction(name, journal))}>
      {label}
    </Button>
  );
  return (
    <ListItem divider disableGutters data-testid="journal-row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Stack direction="column" sx={{ mr: 1 }}>
        <IconButton
          size="small"
          aria-label={`Move ${journal.name} up`}
          {...unavailableButton(busy || first, () => onAction('up', journal))}
        >
          <ArrowUpwardIcon fontSize="inherit" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Move ${journal.name} down`}
          {...unavailableButton(busy || last, () => onAction('down', journal))}
        >
          <ArrowDownwardIcon fontSize="inherit" />
        </IconButton>
      </Stack>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography component="div" fontWeight="medium">
          <JournalBadge journal={journal} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {summary(journal)}
        </Typography>
      </Box>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.5}>
        {owner && action('edit', 'Edit')}
        {owner && !journal.isDefault && !journal.locked && action('default', 'Make default')}
        {!journal.locked && action('members', 'Members')}
        {journal.locked && (unlocked ? action('lock', 'Lock now') : action('unlock', 'Unlock'))}
        {journal.locked && owner && action('passphrase', 'Change passphrase')}
        {journal.locked && owner && unlocked && action('decrypted', 'Download decrypted')}
        {owner ? action('delete', 'Delete', 'error') : action('leave', 'Leave', 'error')}
      </Stack>
    </ListItem>
  );
}
