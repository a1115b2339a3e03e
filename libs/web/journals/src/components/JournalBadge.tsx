import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Journal } from '@memories/contracts';

export interface JournalBadgeProps {
  journal: Pick<Journal, 'name' | 'color' | 'locked'>;
  /** Only the colour, with the name for screen readers and as a tooltip (cards where space is short). */
  compact?: boolean;
}

/** A journal as cards and the viewer show it: its colour as a dot, its name, a lock when it is locked. */
export function JournalBadge({ journal, compact = false }: JournalBadgeProps) {
  const dot = (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: journal.color,
        flexShrink: 0,
        // Keeps a pale colour visible on a pale card, a dark one on a dark card.
        boxShadow: (theme) => `0 0 0 1px ${theme.palette.divider}`,
      }}
    />
  );
  if (compact) {
    return (
      <Box component="span" title={journal.name} sx={{ display: 'inline-flex', alignItems: 'center' }}>
        {dot}
        <Box component="span" sx={visuallyHidden}>
          Journal: {journal.name}
        </Box>
      </Box>
    );
  }
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}
      data-testid="journal-badge"
    >
      {dot}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {journal.name}
      </Box>
      {journal.locked && <LockIcon aria-label="locked" sx={{ fontSize: 14 }} />}
    </Typography>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
