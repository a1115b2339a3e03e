import { DEFAULT_TIME_OF_DAY } from '@memories/contracts';
import { sanitizeMemoryHtmlInBrowser } from '@memories/editor-schema/sanitize-in-browser';
import { MemoryHtmlContent } from '@memories/web-ui';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, isValid, parseISO } from 'date-fns';
import { useMemo } from 'react';

export interface MemoryPreviewProps {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  tags: string[];
  isDraft: boolean;
  /** The editor's own HTML (`getHTML()`); shown only after the server's allow-list, applied in the browser. */
  html: string;
}

/** The memory as it will read (spec section 2, "Preview"), with the shared content styles the viewer uses. */
export function MemoryPreview({ title, date, tags, isDraft, html }: MemoryPreviewProps) {
  // A bare date is stored at 12:00:00 (spec section 3); the preview shows the time the memory will carry.
  const when = parseISO(`${date}T${DEFAULT_TIME_OF_DAY}`);
  // What the server's allow-list lets out of this HTML, never the editor's markup as it is.
  const safeHtml = useMemo(() => sanitizeMemoryHtmlInBrowser(html), [html]);
  return (
    <Paper component="article" variant="outlined" aria-label="Preview" sx={{ p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h2" sx={{ wordBreak: 'break-word', mb: 1 }}>
        {title.trim() || 'Untitled Memory'}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {isValid(when) && <Typography color="text.secondary">{format(when, 'MMMM d, yyyy, h:mm a')}</Typography>}
        <Chip size="small" label={isDraft ? 'Draft' : 'Published'} color={isDraft ? 'warning' : 'success'} />
      </Stack>
      {tags.length > 0 && (
        <Stack
          component="ul"
          aria-label="Tags"
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 2 }}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip size="small" variant="outlined" label={tag} />
            </li>
          ))}
        </Stack>
      )}
      <MemoryHtmlContent html={safeHtml} />
    </Paper>
  );
}
