import Box from '@mui/material/Box';

/** The memory's body with the editor's look for the elements the schema allows (images, alignment, tables). */
export function MemoryContent({ html }: { html: string }) {
  return (
    <Box
      className="memory-content"
      sx={{
        typography: 'body1',
        lineHeight: 1.7,
        wordBreak: 'break-word',
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& table': { borderCollapse: 'collapse', width: '100%', my: 2 },
        '& th, & td': { border: 1, borderColor: 'divider', p: 1, minWidth: 25, verticalAlign: 'top' },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        '& pre': { bgcolor: 'action.hover', p: 2, borderRadius: 1, overflowX: 'auto' },
      }}
      // contentHtml is sanitised on the server against the shared editor schema (libs/shared/editor-schema,
      // sanitize-memory-html); it is the only HTML this app renders unescaped.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
