import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const EXAMPLES = [
  '"exact words"',
  '-leave-out',
  'rain OR snow',
  'tag:travel',
  'after:2024-01-31',
  'before:2024-06-01',
  'is:draft',
  'has:image',
  'mood:>=4',
];

/** Under the search box: what the box understands, by example (its id describes the box to screen readers). */
export function SearchHint({ id }: { id: string }) {
  return (
    <Typography id={id} variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75, lineHeight: 1.9 }}>
      Searches titles and text. Try{' '}
      {EXAMPLES.map((example, index) => (
        <Box component="span" key={example}>
          <Box
            component="code"
            sx={{
              px: 0.5,
              py: 0.125,
              borderRadius: 0.5,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              whiteSpace: 'nowrap',
            }}
          >
            {example}
          </Box>
          {index < EXAMPLES.length - 1 ? ' ' : ''}
        </Box>
      ))}
    </Typography>
  );
}
