import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Memory } from '@memories/contracts';
import type { MemoryActions } from './memory-actions';

export interface MemoryCardMenuProps extends MemoryActions {
  memory: Memory;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** A card's View / Edit / Delete menu. */
export function MemoryCardMenu({ memory, anchor, onClose, onView, onEdit, onDelete }: MemoryCardMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem onClick={() => (onClose(), onView(memory))}>View</MenuItem>
      <MenuItem onClick={() => (onClose(), onEdit(memory))}>Edit</MenuItem>
      <MenuItem onClick={() => (onClose(), onDelete(memory))}>Delete</MenuItem>
    </Menu>
  );
}
