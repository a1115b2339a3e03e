import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ToolbarButton } from '../toolbar/ToolbarButton';
import { COLOR_GROUPS } from './color-palette';
import { isHexColor, toHexColor } from './color-hex.util';

export const HEX_COLOR_ERROR = 'Enter # followed by six hex digits, e.g. #1a2b3c.';

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

/**
 * A colour dropdown (spec section 2): the current colour, palette groups, a native colour input, a hex text input
 * accepting only #RRGGBB, a reset and Close. It closes on a click or touch outside, and on Escape.
 */
export function ColorPickerButton({ title, icon, value, defaultName, onPick, resetLabel, onReset }: ColorPickerButtonProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [hexText, setHexText] = useState('');
  const [hexError, setHexError] = useState<string | null>(null);
  const titleId = useId();
  const current = toHexColor(value);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setHexError(null);
    if (returnFocus) trigger.current?.focus();
  };

  const toggle = () => {
    if (open) {
      close(false);
      return;
    }
    setHexText(current ?? '');
    setHexError(null);
    setOpen(true);
  };

  const pick = (color: string) => {
    onPick(color);
    setHexText(color);
    setHexError(null);
  };

  const applyHex = (event: FormEvent) => {
    event.preventDefault();
    const text = hexText.trim();
    if (!isHexColor(text)) {
      setHexError(HEX_COLOR_ERROR);
      return;
    }
    pick(text.toLowerCase());
  };

  return (
    <>
      <ToolbarButton ref={trigger} label={title} hasPopup="dialog" expanded={open} onClick={toggle}>
        <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', lineHeight: 0 }}>
          {icon}
          <Box component="span" sx={{ mt: '1px', width: 18, height: 4, borderRadius: '1px', bgcolor: current ?? 'text.primary' }} />
        </Box>
      </ToolbarButton>
      {/* Not portalled: right after its button in the tab order, so the keyboard reaches it with Tab. */}
      <Popper open={open} anchorEl={trigger.current} placement="bottom-start" disablePortal sx={{ zIndex: 'modal' }}>
        {/* onTouchStart: a touch outside closes it at once, as a click does (spec section 2). */}
        <ClickAwayListener
          onClickAway={(event) => {
            // The trigger toggles by itself; closing here too would reopen it at once.
            if (!trigger.current?.contains(event.target as Node)) close(false);
          }}
          touchEvent="onTouchStart"
        >
          <Paper
            role="dialog"
            aria-labelledby={titleId}
            elevation={8}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                close(true);
              }
            }}
            sx={{ p: 2, width: 272, maxWidth: 'calc(100vw - 16px)' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography id={titleId} variant="subtitle2" component="h2" sx={{ flexGrow: 1 }}>
                {title}
              </Typography>
              <Box
                aria-hidden="true"
                sx={{ width: 20, height: 20, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: current ?? 'transparent' }}
              />
              <Typography variant="caption" data-testid="current-color">
                {current ?? defaultName}
              </Typography>
            </Box>
            {COLOR_GROUPS.map((group) => (
              <Box key={group.name} role="group" aria-label={group.name} sx={{ mb: 1 }}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {group.name}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {group.colors.map((color) => (
                    <Box
                      key={color.value}
                      component="button"
                      type="button"
                      title={`${color.name} (${color.value})`}
                      aria-label={`${color.name} ${color.value}`}
                      aria-pressed={current === color.value}
                      onClick={() => pick(color.value)}
                      sx={{
                        width: 24,
                        height: 24,
                        p: 0,
                        cursor: 'pointer',
                        borderRadius: 0.5,
                        border: current === color.value ? 2 : 1,
                        borderColor: current === color.value ? 'primary.main' : 'divider',
                        bgcolor: color.value,
                        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
                      }}
                    />
                  ))}
                </Box>
              </Box>
            ))}
            <Box component="form" noValidate onSubmit={applyHex} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1.5 }}>
              <Box
                component="input"
                type="color"
                aria-label={`Custom ${title.toLowerCase()}`}
                value={current ?? '#000000'}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => pick(event.target.value)}
                sx={{ width: 40, height: 40, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer', flexShrink: 0 }}
              />
              <TextField
                size="small"
                label="Hex"
                value={hexText}
                onChange={(event) => {
                  setHexText(event.target.value);
                  setHexError(null);
                }}
                error={hexError !== null}
                helperText={hexError}
                slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, autoComplete: 'off' } }}
                sx={{ flexGrow: 1 }}
              />
              <Button type="submit" variant="outlined" size="small" sx={{ height: 40 }}>
                Apply
              </Button>
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1.5 }}>
              <Button
                size="small"
                onClick={() => {
                  onReset();
                  setHexText('');
                  setHexError(null);
                }}
              >
                {resetLabel}
              </Button>
              <Button size="small" variant="contained" onClick={() => close(true)}>
                Close
              </Button>
            </Box>
          </Paper>
        </ClickAwayListener>
      </Popper>
    </>
  );
}
