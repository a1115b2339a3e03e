import { getSchema } from '@tiptap/core';
import { Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import { createExtensions } from './create-extensions';
import type { MemoryDocument } from './document.types';

let schema: Schema | undefined;

/**
 * The ProseMirror schema built from `createExtensions()`. Options of `createExtensions` change only how HTML is
 * parsed, never the schema, so one instance serves every caller.
 */
export function getMemorySchema(): Schema {
  schema ??= getSchema(createExtensions());
  return schema;
}

/** The node of a normalised document; throws when the document does not fit the schema. */
export function toDocumentNode(doc: MemoryDocument | ProseMirrorNode): ProseMirrorNode {
  const node = doc instanceof ProseMirrorNode ? doc : getMemorySchema().nodeFromJSON(doc);
  node.check();
  return node;
}
