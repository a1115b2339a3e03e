import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ShownImage } from '@memories/web-ui';

import { thumbnailOptions } from '../utils/thumbnail-options.util';

export interface ThumbnailSelectProps {
  /** The image sources of the content, in order of appearance. */
  images: string[];
  value: string;
  onChange: (src: string) => void;
}

/**
 * The Thumbnail Image select: one of the content's http images, labelled by the first 30 characters of its file name.
 */
export function ThumbnailSelect({ images, value, onChange }: ThumbnailSelectProps) {
  const options = thumbnailOptions(images);
  const selected = options.some((option) => option.src === value) ? value : '';
  return (
    <TextField
      select
      fullWidth
      label="Thumbnail Image"
      value={selected}
      onChange={(event) => onChange(event.target.value)}
      helperText={options.length === 0 ? 'Add an image to the content to choose a thumbnail' : undefined}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.src} value={option.src} title={option.src}>
          <ShownImage
            src={option.src}
            alt=""
            sx={{ width: 32, height: 32, objectFit: 'cover', borderRadius: 0.5, mr: 1.5, flexShrink: 0 }}
          />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {option.label}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
