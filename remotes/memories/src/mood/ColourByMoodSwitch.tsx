import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { MoodLegend } from './MoodLegend';

export interface ColourByMoodSwitchProps {
  on: boolean;
  onChange: (on: boolean) => void;
}

/** The "Colour by mood" switch of the calendar and the heat map, with the legend while it is on. */
export function ColourByMoodSwitch({ on, onChange }: ColourByMoodSwitchProps) {
  return (
    <Stack spacing={0.5} sx={{ my: 1 }}>
      <FormControlLabel
        control={<Switch size="small" checked={on} onChange={(event) => onChange(event.target.checked)} />}
        label="Colour by mood"
        slotProps={{ typography: { variant: 'body2' } }}
      />
      {on && <MoodLegend />}
    </Stack>
  );
}
