import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import { forwardRef, useId, useRef, useState, type FocusEventHandler, type KeyboardEvent, type ReactNode } from 'react';
import type { OpenFilterSelectProps } from './OpenFilterSelect';

// MUI's Select brings its Menu, Popover, Modal, focus trap and transitions (≈ 20 KiB gzip with their chunks) into
// /dashboard's first load. Until a filter is first used, each shows a closed select drawn like MUI's (same outline,
// label, padding, arrow and combobox semantics); focusing it swaps in the real Select, already open when it was
// pressed or opened from the keyboard. Hovering or focusing fetches the Select ahead of the press.
const loadSelect = () => import('./OpenFilterSelect');
const OpenFilterSelect = lazyPart(() => loadSelect().then(({ OpenFilterSelect }) => OpenFilterSelect)) as <
  T extends string,
>(
  props: OpenFilterSelectProps<T>,
) => ReactNode;

function preloadSelect(): void {
  loadSelect().catch(() => undefined);
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

interface ClosedSelectProps {
  className?: string;
  id?: string;
  labelId: string;
  text: string;
  onFocus?: FocusEventHandler<HTMLDivElement>;
  onBlur?: FocusEventHandler<HTMLDivElement>;
  onActivate: (open: boolean) => void;
}

/** The closed select, as OutlinedInput's input element (the way MUI's Select renders its display). */
const ClosedSelect = forwardRef<HTMLDivElement, ClosedSelectProps>(function ClosedSelect(
  { className, id, labelId, text, onFocus, onBlur, onActivate },
  ref,
) {
  return (
    <>
      <Box
        ref={ref}
        id={id}
        role="combobox"
        tabIndex={0}
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-labelledby={labelId}
        className={className}
        onFocus={onFocus}
        onBlur={onBlur}
        onPointerEnter={preloadSelect}
        onMouseDown={(event) => {
          if (event.button !== 0) return;
          // Keep the focus from landing here first: the real Select takes it, open.
          event.preventDefault();
          onActivate(true);
        }}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          onActivate(true);
        }}
        sx={{
          userSelect: 'none',
          cursor: 'pointer',
          borderRadius: 1,
          '&&&': { paddingRight: '32px' },
          '&.MuiInputBase-input': {
            height: 'auto',
            minHeight: '1.4375em',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          },
        }}
      >
        {text}
      </Box>
      <ArrowDropDownIcon
        sx={{ position: 'absolute', right: 7, top: 'calc(50% - .5em)', pointerEvents: 'none', color: 'action.active' }}
      />
    </>
  );
});

export interface FilterSelectProps<T extends string> {
  label: string;
  value: T;
  labels: Record<T, string>;
  onChange: (value: T) => void;
}

/** One of the filters panel's selects: what TextField select renders, with MUI's Select fetched on first use. */
export function FilterSelect<T extends string>({ label, value, labels, onChange }: FilterSelectProps<T>) {
  const id = useId();
  const labelId = `${id}-label`;
  // null until first used; then whether the real Select starts open.
  const [started, setStarted] = useState<{ open: boolean } | null>(null);
  const [open, setOpen] = useState(false);
  const selectHandle = useRef<{ focus: () => void } | null>(null);
  const start = (openNow: boolean) => {
    setStarted({ open: openNow });
    setOpen(openNow);
  };
  const closed = (
    <OutlinedInput
      label={label}
      notched
      value={labels[value]}
      inputComponent={ClosedSelect as never}
      inputProps={{ id, labelId, text: labels[value], onActivate: start }}
      onFocus={() => {
        preloadSelect();
        if (!started) start(false);
      }}
    />
  );
  return (
    <FormControl size="small" sx={{ minWidth: 160, flex: '1 1 160px' }}>
      {/* A filter always has a value, so its label always sits in the outline's notch. */}
      <InputLabel shrink htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      {started ? (
        // Without the Select's code the filter stays closed; using it again fetches the code again.
        <LazyPartBoundary fallback={closed} retryKey={started} loading={closed}>
          <OpenFilterSelect
            id={id}
            labelId={labelId}
            label={label}
            value={value}
            labels={labels}
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => {
              setOpen(false);
              // The menu was opened before this Select had the focus: give it back to the select, not the page.
              setTimeout(() => selectHandle.current?.focus());
            }}
            selectHandle={selectHandle}
            onChange={onChange}
          />
        </LazyPartBoundary>
      ) : (
        closed
      )}
    </FormControl>
  );
}
