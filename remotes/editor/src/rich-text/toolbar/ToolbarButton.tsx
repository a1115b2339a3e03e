import IconButton from '@mui/material/IconButton';
import { forwardRef, type ReactNode } from 'react';
import { LazyTooltip } from './LazyTooltip';

export interface ToolbarButtonProps {
  /** Accessible name and tooltip. */
  label: string;
  children: ReactNode;
  onClick: () => void;
  /** For toggles: whether the format is on at the selection; leave out for plain actions. */
  pressed?: boolean;
  disabled?: boolean;
  /** For buttons that open a popup. */
  hasPopup?: 'dialog' | 'menu';
  expanded?: boolean;
  /** Called when the pointer enters or focus reaches the button: to fetch what its click opens ahead. */
  onIntent?: () => void;
}

/** One toolbar control: an icon button named by its tooltip, announcing its pressed state when it is a toggle. */
export const ToolbarButton = forwardRef<HTMLButtonElement, ToolbarButtonProps>(function ToolbarButton(
  { label, children, onClick, pressed, disabled, hasPopup, expanded, onIntent },
  ref,
) {
  const button = (
    <IconButton
      ref={ref}
      size="small"
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={hasPopup}
      aria-expanded={hasPopup ? Boolean(expanded) : undefined}
      disabled={disabled}
      color={pressed ? 'primary' : 'default'}
      // Keep the editor's selection and focus where they are: the command puts focus back itself.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      sx={{ borderRadius: 1, minWidth: 36, height: 36, ...(pressed && { bgcolor: 'action.selected' }) }}
    >
      {children}
    </IconButton>
  );
  // A disabled button fires no events, so the tooltip needs a wrapper to still appear.
  return <LazyTooltip title={label}>{disabled ? <span>{button}</span> : button}</LazyTooltip>;
});
