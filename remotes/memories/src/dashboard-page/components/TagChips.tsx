import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { visibleTags } from '../utils/visible-tags.util';

export interface TagChipsProps {
  tags: readonly string[];
  /** 1 on a card, 2 in a list row (spec section 9). */
  max: number;
}

/** The first tags of a memory and a "+N" chip for the rest. */
export function TagChips({ tags, max }: TagChipsProps) {
  const { shown, more } = visibleTags(tags, max);
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {shown.map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" />
      ))}
      {more > 0 && <Chip label={`+${more}`} size="small" aria-label={`${more} more tags`} />}
    </Stack>
  );
}
