import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLayoutEffect, useRef } from 'react';

import { useShownImagesIn } from '../image-source';
import { memoryContentStyles } from './memory-content-styles';
import { markSmallImages } from './small-images';

export interface MemoryHtmlContentProps {
  /**
   * Sanitised memory HTML only (the allow-list of @memories/editor-schema): the server's `contentHtml`; a locked
   * memory's, which only the browser can derive (`deriveContentInBrowser`, through `sanitizeMemoryHtmlInBrowser`); or
   * the editor's `getHTML()` passed through `sanitizeMemoryHtmlInBrowser` for its preview. It is rendered unescaped.
   */
  html: string;
  /** Extra styles after the shared content styles (spacing of the surrounding page). */
  sx?: SxProps<Theme>;
}

/**
 * Memory content with the shared content styles, its small images marked for the small layout, its images shown
 * through the ImageSourceProvider above it, if any.
 */
export function MemoryHtmlContent({ html, sx }: MemoryHtmlContentProps) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (root.current ? markSmallImages(root.current) : undefined), [html]);
  useShownImagesIn(root, html);
  return (
    <Box
      ref={root}
      className="memory-content"
      sx={[memoryContentStyles, ...(sx === undefined ? [] : Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
