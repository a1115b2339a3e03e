/**
 * Server entry (`@memories/editor-schema/server`): everything of the browser entry plus the functions that turn a
 * client's `contentJson` into what the memory service stores. Pure functions, no DOM needed.
 */
export * from './index';
export { DocumentValidationError, type DocumentValidationReason } from './document-validation.error';
export { normalizeDocument, normalizeToNode, type NormalizeDocumentOptions } from './normalize-document';
export { renderHtml } from './render-html';
export { sanitizeMemoryHtml, MEMORY_HTML_SANITIZE_OPTIONS } from './sanitize-memory-html';
export { deriveMemoryContent, type MemoryContent } from './derive-memory-content';
