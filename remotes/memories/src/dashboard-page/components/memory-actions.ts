import type { Memory } from '@memories/contracts';

/** What a card or a row can do with its memory. */
export interface MemoryActions {
  onView: (memory: Memory) => void;
  onEdit: (memory: Memory) => void;
  onDelete: (memory: Memory) => void;
  /** Whether the reader may edit and delete it (else only View is offered); every memory when left out. */
  mayChange?: (memory: Memory) => boolean;
}
