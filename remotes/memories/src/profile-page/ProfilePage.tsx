import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** /profile (exposed as `memories/ProfilePage`): the profile arrives with issue #6. */
export function ProfilePage() {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-memories">
      <Typography variant="h4" component="h1">
        Profile
      </Typography>
    </Container>
  );
}
