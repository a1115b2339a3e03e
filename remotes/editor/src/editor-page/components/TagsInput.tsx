import { MAX_TAG_LENGTH } from '@memories/contracts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { addTags, suggestTags, TAG_BLUR_ADD_DELAY_MS } from '../utils/tag-rules.util';

export interface TagsInputProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** The user's existing tags, for suggestions. */
  existingTags: string[];
}

/**
 * The Tags field (spec section 5): a combobox whose text becomes a tag on Enter, comma, the add button or a blur
 * (after 150 ms, so a click on a suggestion wins), with up to five suggestions from the user's tags.
 */
export function TagsInput({ tags, onChange, existingTags }: TagsInputProps) {
  const [input, setInput] = useState('');
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const listId = useId();
  // The blur timer and the handlers read the latest values, not those of the render that scheduled them.
  const latest = useRef({ input, tags, onChange });
  latest.current = { input, tags, onChange };
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (blurTimer.current !== null) clearTimeout(blurTimer.current);
    },
    [],
  );

  const suggestions = suggestTags(existingTags, tags, input);
  const open = focused && suggestions.length > 0;

  const add = (raw: string) => {
    const { tags: current, onChange: change } = latest.current;
    const next = addTags(current, raw);
    if (next.length !== current.length) change(next);
    setInput('');
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(event.key === 'Enter' && open && active >= 0 ? suggestions[active] : input);
    } else if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setFocused(false);
    }
  };

  const cancelBlurAdd = () => {
    if (blurTimer.current !== null) clearTimeout(blurTimer.current);
    blurTimer.current = null;
  };

  // Coming back to the field within the delay cancels the add: the text is still there, being written.
  const onFocus = () => {
    cancelBlurAdd();
    setFocused(true);
  };

  const onBlur = () => {
    setFocused(false);
    cancelBlurAdd();
    blurTimer.current = setTimeout(() => {
      blurTimer.current = null;
      if (latest.current.input.trim() !== '') add(latest.current.input);
    }, TAG_BLUR_ADD_DELAY_MS);
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        fullWidth
        label="Tags"
        value={input}
        onChange={(event) => {
          // Typed commas are caught on key down; this is a paste such as "sea, sun".
          if (event.target.value.includes(',')) add(event.target.value);
          else setInput(event.target.value);
          setActive(-1);
          setFocused(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        helperText="Press Enter or comma to add a tag"
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
            maxLength: MAX_TAG_LENGTH,
            autoComplete: 'off',
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton edge="end" aria-label="Add tag" disabled={input.trim() === ''} onClick={() => add(input)}>
                  <AddIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {open && (
        <Paper
          component="ul"
          id={listId}
          role="listbox"
          aria-label="Tag suggestions"
          elevation={4}
          sx={{ position: 'absolute', zIndex: 'modal', left: 0, right: 0, top: 56, m: 0, p: 0.5, listStyle: 'none' }}
        >
          {suggestions.map((tag, index) => (
            <Box
              component="li"
              key={tag}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the input, so choosing a suggestion is not also a blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(tag)}
              sx={{
                px: 1.5,
                py: 1,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: index === active ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {tag}
            </Box>
          ))}
        </Paper>
      )}
      {tags.length > 0 && (
        <Box
          component="ul"
          aria-label="Chosen tags"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, mt: 1, p: 0 }}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip
                label={tag}
                onDelete={() => onChange(tags.filter((other) => other !== tag))}
                aria-label={`${tag}, press Delete to remove`}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
