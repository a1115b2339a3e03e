import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Memory } from '@memories/contracts';
import type { MemoryActions } from './memory-actions';

export interface MemoryCardMenuProps extends MemoryActions {
  memory: Memory;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** A card's View / Edit / Delete menu (View alone on a memory the reader may only read). */
export function MemoryCardMenu({ memory, anchor, onClose, onView, onEdit, onDelete, mayChange }: MemoryCardMenuProps) {
  const changeable = mayChange?.(memory) ?? true;
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem onClick={() => (onClose(), onView(memory))}>View</MenuItem>
      {changeable && <MenuItem onClick={() => (onClose(), onEdit(memory))}>Edit</MenuItem>}
      {changeable && <MenuItem onClick={() => (onClose(), onDelete(memory))}>Delete</MenuItem>}
    </Menu>
  );
}
