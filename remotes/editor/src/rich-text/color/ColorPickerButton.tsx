import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import Box from '@mui/material/Box';
import { useRef, useState, type ReactNode } from 'react';
import { ToolbarButton } from '../toolbar/ToolbarButton';
import { toHexColor } from './color-hex.util';

// The dropdown (MUI's Popper, the hex text field) is fetched when a colour button is first hovered, focused or pressed.
const ColorPickerPanel = lazyPart(() => import('./ColorPickerPanel').then(({ ColorPickerPanel }) => ColorPickerPanel));

export interface ColorPickerButtonProps {
  /** Title of the dropdown and name of its toolbar button, e.g. "Text Color". */
  title: string;
  icon: ReactNode;
  /** The colour at the selection, or null for the default. */
  value: string | null;
  /** Shown instead of a colour when `value` is null. */
  defaultName: string;
  onPick: (color: string) => void;
  resetLabel: string;
  onReset: () => void;
}

/** A colour toolbar button showing the colour at the selection; it opens the colour dropdown (ColorPickerPanel). */
export function ColorPickerButton({ icon, ...choice }: ColorPickerButtonProps) {
  const { title, value } = choice;
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const current = toHexColor(value);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  return (
    <>
      <ToolbarButton
        ref={trigger}
        label={title}
        hasPopup="dialog"
        expanded={open}
        onIntent={ColorPickerPanel.preload}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <Box
          component="span"
          sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', lineHeight: 0 }}
        >
          {icon}
          <Box
            component="span"
            sx={{ mt: '1px', width: 18, height: 4, borderRadius: '1px', bgcolor: current ?? 'text.primary' }}
          />
        </Box>
      </ToolbarButton>
      {open && (
        <LazyPartBoundary>
          <ColorPickerPanel trigger={trigger} {...choice} onClose={close} />
        </LazyPartBoundary>
      )}
    </>
  );
}
