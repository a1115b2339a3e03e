import { MemoryHtmlContent } from '@memories/web-ui';

/** The memory's body, styled exactly as in the editor (shared content styles of the web UI lib). */
export function MemoryContent({ html }: { html: string }) {
  // contentHtml is sanitised on the server against the shared editor schema (libs/shared/editor-schema,
  // sanitize-memory-html); the editor's preview passes its HTML through the same allow-list (DOMPurify in the browser)
  // before rendering it.
  return <MemoryHtmlContent html={html} />;
}
