import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UserAvatar } from './UserAvatar';

/** The facts of another user the app may show (the contracts' UserSummary has these and an id). */
export interface ShownPerson {
  name: string;
  email: string;
  profileImageUrl: string | null;
}

export interface PersonSummaryProps {
  person: ShownPerson;
}

/** Someone the user shares with: picture (or initials), name and e-mail address. */
export function PersonSummary({ person }: PersonSummaryProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <UserAvatar name={person.name} email={person.email} imageUrl={person.profileImageUrl} size={40} />
      <Stack sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {person.name}
        </Typography>
        <Typography noWrap variant="body2" color="text.secondary">
          {person.email}
        </Typography>
      </Stack>
    </Stack>
  );
}
