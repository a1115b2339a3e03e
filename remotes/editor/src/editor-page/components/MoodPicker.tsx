import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { MEMORY_MOODS, type MemoryMood } from '@memories/contracts';
import { MOOD_NAMES, MOOD_TEXT, MoodIcon } from '@memories/web-ui';
import { useId } from 'react';

export interface MoodPickerProps {
  value: MemoryMood | null;
  onChange: (mood: MemoryMood | null) => void;
}

/** "No mood" in the radio group's values (a radio's value is text). */
const NONE = 'none';

/**
 * How the memory felt: one radio group of "No mood" and the five moods, each a word with its face. Tab reaches the
 * group, the arrow keys move between the choices, and a screen reader names each one by its word.
 */
export function MoodPicker({ value, onChange }: MoodPickerProps) {
  const labelId = useId();
  const choice = (mood: MemoryMood | null, name: string) => (
    <FormControlLabel
      key={mood ?? NONE}
      value={mood === null ? NONE : String(mood)}
      control={<Radio size="small" />}
      label={
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {mood !== null && <MoodIcon mood={mood} fontSize="small" />}
          <span>{name}</span>
        </Stack>
      }
      sx={{ mr: 2, ml: 0 }}
    />
  );
  return (
    <FormControl component="fieldset" data-testid="mood-picker">
      <FormLabel id={labelId} component="legend" sx={{ typography: 'subtitle1', color: 'text.primary', mb: 0.5 }}>
        {MOOD_TEXT.heading}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value === null ? NONE : String(value)}
        onChange={(_event, picked) => onChange(picked === NONE ? null : (Number(picked) as MemoryMood))}
        sx={{ rowGap: 0.5 }}
      >
        {choice(null, MOOD_TEXT.none)}
        {MEMORY_MOODS.map((mood) => choice(mood, MOOD_NAMES[mood]))}
      </RadioGroup>
    </FormControl>
  );
}
