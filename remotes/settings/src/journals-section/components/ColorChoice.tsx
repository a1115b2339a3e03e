import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import { JOURNAL_COLORS } from '@memories/contracts';
import { useId } from 'react';

export interface ColorChoiceProps {
  value: string;
  onChange: (color: string) => void;
}

/** The journal colours as a radio group of swatches: arrow keys move, Space or a click chooses. */
export function ColorChoice({ value, onChange }: ColorChoiceProps) {
  const labelId = useId();
  const name = useId();
  return (
    <div>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 1 }}>
        Colour
      </FormLabel>
      <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {JOURNAL_COLORS.map((color, index) => (
          <Box
            key={color}
            component="label"
            sx={{
              width: 36,
              height: 36,
              borderRadius: '50%',
              bgcolor: color,
              display: 'grid',
              placeItems: 'center',
              cursor: 'pointer',
              color: '#fff',
              outline: value === color ? '3px solid' : 'none',
              outlineColor: 'text.primary',
              outlineOffset: 2,
              '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            <input
              type="radio"
              name={name}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              aria-label={`Colour ${index + 1} of ${JOURNAL_COLORS.length}`}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
            />
            {value === color && <CheckIcon fontSize="small" aria-hidden />}
          </Box>
        ))}
      </Box>
    </div>
  );
}
