import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** The empty state (spec section 2); the hint depends on whether filters are narrowing the list. */
export function EmptyMemories({ filtered }: { filtered: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h6" component="h2">
        No memories found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {filtered ? 'Try adjusting your search criteria or filters' : 'Start by creating your first memory'}
      </Typography>
      <Button variant="contained" component={Link} to="/memory/create">
        Create Your First Memory
      </Button>
    </Paper>
  );
}
