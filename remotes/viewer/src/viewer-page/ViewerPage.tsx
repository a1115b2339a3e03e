import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** /memory/:id (exposed as `viewer/ViewerPage`): reading a memory arrives with issue #8. */
export function ViewerPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-viewer">
      <Typography variant="h4" component="h1">
        Memory
      </Typography>
    </Container>
  );
}
