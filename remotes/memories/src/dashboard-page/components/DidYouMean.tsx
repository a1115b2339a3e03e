import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** "Did you mean …" when a search found nothing: the query with the closest words of the user's own memories. */
export function DidYouMean({ suggestion, onPick }: { suggestion: string; onPick: (query: string) => void }) {
  return (
    <Typography sx={{ mb: 2 }} role="status">
      Did you mean{' '}
      <Link
        component="button"
        type="button"
        variant="body1"
        sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
        onClick={() => onPick(suggestion)}
      >
        {suggestion}
      </Link>
      ?
    </Typography>
  );
}
