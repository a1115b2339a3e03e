import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** /dashboard (exposed as `memories/DashboardPage`): the My Memories list arrives with issue #6. */
export function DashboardPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-memories">
      <Typography variant="h4" component="h1">
        My Memories
      </Typography>
    </Container>
  );
}
