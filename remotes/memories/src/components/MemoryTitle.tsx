import type { Memory } from '@memories/contracts';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';

const LOCKED_MEMORY_TITLE = 'Locked memory';

/**
 * A memory this tab cannot read: one of a locked journal while the journal is locked here. Only such a memory has no
 * title (the server refuses a memory without one), and an opened one has its own, so the title alone tells, for a
 * memory and a summary alike.
 */
export function isUnreadable(memory: Pick<Memory, 'title'>): boolean {
  return memory.title === '';
}

/** The title as text, for an accessible name or a question: never empty. */
export function memoryTitleText(memory: Pick<Memory, 'title'>): string {
  return isUnreadable(memory) ? LOCKED_MEMORY_TITLE : memory.title;
}

/** The title as a card or a row shows it; a memory it cannot read, with a lock. */
export function MemoryTitle({ memory }: { memory: Pick<Memory, 'title'> }) {
  if (!isUnreadable(memory)) return memory.title;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <LockIcon fontSize="inherit" />
      {LOCKED_MEMORY_TITLE}
    </Box>
  );
}
