import Typography from '@mui/material/Typography';
import { parseHighlightMarkup } from '@memories/contracts';

export interface HighlightedSnippetProps {
  /** A search hit's `highlight`: escaped text with the matched words in `<mark>`. */
  markup: string;
  lines: number;
}

/**
 * Where a search matched, the matched words marked. The server's markup is never given to the browser as HTML: it
 * is read into text and `<mark>` segments and rendered as React text, so no markup in a memory can ever run.
 */
export function HighlightedSnippet({ markup, lines }: HighlightedSnippetProps) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="search-snippet"
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: lines,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
        '& mark': { bgcolor: 'warning.light', color: 'common.black', borderRadius: 0.5, px: 0.25 },
      }}
    >
      {parseHighlightMarkup(markup).map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </Typography>
  );
}
