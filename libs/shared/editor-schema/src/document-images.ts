import type { MemoryDocument, MemoryDocumentNode } from './document.types';

/**
 * A copy of the document with every image source replaced by `replace(src)` (kept when it answers undefined).
 * Export points sources into the archive, import points archive paths at stored files.
 */
export function replaceImageSources(
  document: MemoryDocument,
  replace: (src: string) => string | undefined,
): MemoryDocument {
  const visit = (node: MemoryDocumentNode): MemoryDocumentNode => {
    const src = node.attrs?.['src'];
    const replaced = node.type === 'image' && typeof src === 'string' ? replace(src) : undefined;
    return {
      ...node,
      ...(replaced !== undefined ? { attrs: { ...node.attrs, src: replaced } } : {}),
      ...(node.content ? { content: node.content.map(visit) } : {}),
    };
  };
  return visit(document) as MemoryDocument;
}

/** The document without the images `drop(src)` refuses (an image that is missing from the archive or not an image). */
export function removeImages(document: MemoryDocument, drop: (src: string) => boolean): MemoryDocument {
  const visit = (node: MemoryDocumentNode): MemoryDocumentNode => ({
    ...node,
    ...(node.content
      ? {
          content: node.content
            .filter(
              (child) =>
                !(child.type === 'image' && typeof child.attrs?.['src'] === 'string' && drop(child.attrs['src'])),
            )
            .map(visit),
        }
      : {}),
  });
  return visit(document) as MemoryDocument;
}
