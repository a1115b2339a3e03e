import type { MemoryDocument, MemoryDocumentNode } from './document.types';

/**
 * The image sources of a document, in reading order, each once: the thumbnail must be one of them, and uploads
 * that are no longer among them can be cleaned up.
 */
export function listImageSources(doc: MemoryDocument): string[] {
  const sources = new Set<string>();
  const visit = (node: MemoryDocumentNode): void => {
    const src = node.attrs?.['src'];
    if (node.type === 'image' && typeof src === 'string') sources.add(src);
    node.content?.forEach(visit);
  };
  visit(doc);
  return [...sources];
}
