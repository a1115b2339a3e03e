import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';

/** /memory/create and /memory/edit/:id (exposed as `editor/EditorPage`): the editor arrives with issue #7. */
export function EditorPage() {
  const { id } = useParams();
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-editor">
      <Typography variant="h4" component="h1">
        {id ? 'Edit Memory' : 'Create New Memory'}
      </Typography>
    </Container>
  );
}
