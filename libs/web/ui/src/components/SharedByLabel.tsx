import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ShownPerson } from './PersonSummary';
import { UserAvatar } from './UserAvatar';

export interface SharedByLabelProps {
  sharedBy: ShownPerson;
  variant?: TypographyProps['variant'];
}

/** "Shared by <name>" with their picture: on a memory someone else shared with the user. */
export function SharedByLabel({ sharedBy, variant = 'body2' }: SharedByLabelProps) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="shared-by">
      <UserAvatar name={sharedBy.name} email={sharedBy.email} imageUrl={sharedBy.profileImageUrl} size={20} />
      <Typography variant={variant} noWrap component="span">
        Shared by {sharedBy.name}
      </Typography>
    </Stack>
  );
}
