import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import type { ColorPickerButtonProps } from './ColorPickerButton';
import { COLOR_GROUPS } from './color-palette';
import { isHexColor, toHexColor } from './color-hex.util';

export const HEX_COLOR_ERROR = 'Enter # followed by six hex digits, e.g. #1a2b3c.';

export interface ColorPickerPanelProps extends Omit<ColorPickerButtonProps, 'icon'> {
  /** The toolbar button the panel opens under (and gives focus back to). */
  trigger: RefObject<HTMLButtonElement | null>;
  /** Closes the panel; `returnFocus` puts focus back on the trigger. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The open colour dropdown (spec section 2): the current colour, palette groups, a native colour input, a hex text
 * input accepting only #RRGGBB, a reset and Close. It closes on a click or touch outside, and on Escape. Its own
 * module: MUI's Popper and the text field load when a colour dropdown is first opened, not with the editor.
 */
export function ColorPickerPanel({
  trigger,
  title,
  value,
  defaultName,
  onPick,
  resetLabel,
  onReset,
  onClose,
}: ColorPickerPanelProps) {
  const current = toHexColor(value);
  const [hexText, setHexText] = useState(current ?? '');
  const [hexError, setHexError] = useState<string | null>(null);
  const titleId = useId();

  const close = (returnFocus: boolean) => {
    setHexError(null);
    onClose(returnFocus);
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

  // Not portalled: right after its button in the tab order, so the keyboard reaches it with Tab.
  return (
    <Popper open anchorEl={trigger.current} placement="bottom-start" disablePortal sx={{ zIndex: 'modal' }}>
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
              sx={{
                width: 20,
                height: 20,
                borderRadius: 0.5,
                border: 1,
                borderColor: 'divider',
                bgcolor: current ?? 'transparent',
              }}
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
          <Box
            component="form"
            noValidate
            onSubmit={applyHex}
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1.5 }}
          >
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
  );
}
