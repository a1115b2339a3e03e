import {
  Fragment,
  Mark,
  type MarkType,
  type Node as ProseMirrorNode,
  type NodeType,
  type Schema,
} from '@tiptap/pm/model';
import { cleanText } from '@memories/contracts';
import { type AttributeRuleContext, sanitizeAttributes } from './attribute-rules';
import { DocumentValidationError } from './document-validation.error';
import type { MemoryDocument } from './document.types';
import { MAX_CONTENT_JSON_BYTES, MAX_DOCUMENT_DEPTH } from './editor-schema.constants';
import { getMemorySchema } from './memory-schema';

export interface NormalizeDocumentOptions {
  /** The app's own file URL prefix: images anywhere else are dropped. Without it any http(s) image is kept. */
  fileUrlPrefix?: string | null;
}

interface WalkContext extends AttributeRuleContext {
  schema: Schema;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Validates client content against the schema and returns the document the server stores: unknown nodes, marks
 * and attributes dropped, links with other schemes dropped (their text kept), images with `data:` or foreign
 * sources dropped, misplaced content wrapped or dropped so that the result always fits the schema.
 * Accepts the document or its JSON text. Throws `DocumentValidationError` when the input is not a document at all,
 * is larger than `MAX_CONTENT_JSON_BYTES` or nests deeper than `MAX_DOCUMENT_DEPTH`.
 */
export function normalizeDocument(input: unknown, options: NormalizeDocumentOptions = {}): MemoryDocument {
  return normalizeToNode(input, options).toJSON() as MemoryDocument;
}

/** `normalizeDocument`, returning the ProseMirror node so callers that derive more from it parse only once. */
export function normalizeToNode(input: unknown, options: NormalizeDocumentOptions = {}): ProseMirrorNode {
  const json = documentJsonOf(input);
  const schema = getMemorySchema();
  const context: WalkContext = { schema, fileUrlPrefix: options.fileUrlPrefix ?? null };
  const content = fitContent(schema.topNodeType, normalizeChildren(json['content'], context, 1));
  const doc = schema.topNodeType.createAndFill(null, content);
  if (doc === null) throw new DocumentValidationError('NOT_A_DOCUMENT', 'Content could not be read as a document.');
  doc.check();
  return doc;
}

/**
 * The document's JSON, as it came, once it is known to be one (`type: "doc"`, within the size cap): not yet
 * validated against the schema. Throws `DocumentValidationError` as normalizeToNode does.
 */
export function documentJsonOf(input: unknown): JsonObject {
  const json = parseInput(input);
  if (!isObject(json) || json['type'] !== 'doc') {
    throw new DocumentValidationError('NOT_A_DOCUMENT', 'Content must be an editor document of type "doc".');
  }
  return json;
}

/**
 * Whether a text is more than MAX_CONTENT_JSON_BYTES of UTF-8, encoding it only when its length cannot tell (a UTF-16
 * unit is 1 to 3 bytes): nearly every document is far under the cap, and encoding each one was a tenth of the time
 * spent opening a locked journal's memories for a search.
 */
function overContentCap(text: string): boolean {
  if (text.length * 3 <= MAX_CONTENT_JSON_BYTES) return false;
  if (text.length > MAX_CONTENT_JSON_BYTES) return true;
  return new TextEncoder().encode(text).length > MAX_CONTENT_JSON_BYTES;
}

function parseInput(input: unknown): unknown {
  const text = typeof input === 'string' ? input : JSON.stringify(input ?? null);
  if (overContentCap(text)) {
    throw new DocumentValidationError('TOO_LARGE', `Content must be at most ${MAX_CONTENT_JSON_BYTES} bytes of JSON.`);
  }
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    throw new DocumentValidationError('INVALID_JSON', 'Content is not valid JSON.');
  }
}

function normalizeChildren(raw: unknown, context: WalkContext, depth: number): ProseMirrorNode[] {
  if (!Array.isArray(raw)) return [];
  if (depth > MAX_DOCUMENT_DEPTH) {
    throw new DocumentValidationError('TOO_DEEP', `Content must not nest deeper than ${MAX_DOCUMENT_DEPTH} levels.`);
  }
  return raw.flatMap((child) => normalizeNode(child, context, depth));
}

/** Zero nodes when `raw` is dropped, one otherwise. */
function normalizeNode(raw: unknown, context: WalkContext, depth: number): ProseMirrorNode[] {
  if (!isObject(raw) || typeof raw['type'] !== 'string') return [];
  const { schema } = context;
  const marks = normalizeMarks(raw['marks'], context);
  if (raw['type'] === 'text') {
    const text = typeof raw['text'] === 'string' ? cleanText(raw['text']) : '';
    return text.length > 0 ? [schema.text(text, marks)] : [];
  }
  const type = Object.prototype.hasOwnProperty.call(schema.nodes, raw['type']) ? schema.nodes[raw['type']] : undefined;
  if (type === undefined || type === schema.topNodeType || type.isText) return [];
  const attrs = sanitizeAttributes(type.name, raw['attrs'], context);
  if (attrs === null) return [];
  const content = type.isLeaf
    ? Fragment.empty
    : fitContent(type, normalizeChildren(raw['content'], context, depth + 1));
  const node = type.createAndFill(attrs, content, marks);
  return node === null ? [] : [node];
}

function normalizeMarks(raw: unknown, context: WalkContext): readonly Mark[] {
  if (!Array.isArray(raw)) return Mark.none;
  let set: readonly Mark[] = Mark.none;
  for (const item of raw) {
    if (!isObject(item) || typeof item['type'] !== 'string') continue;
    const type: MarkType | undefined = Object.prototype.hasOwnProperty.call(context.schema.marks, item['type'])
      ? context.schema.marks[item['type']]
      : undefined;
    if (type === undefined) continue;
    const attrs = sanitizeAttributes(type.name, item['attrs'], context);
    // A text style without any style left says nothing.
    if (attrs === null || (type.name === 'textStyle' && Object.keys(attrs).length === 0)) continue;
    set = type.create(attrs).addToSet(set);
  }
  return set;
}

/**
 * Makes `children` fit `parentType`'s content expression: marks the parent does not allow are removed, runs of
 * inline content in a block container are wrapped in a paragraph, a block that holds inline content is unwrapped
 * into an inline parent, nodes are wrapped where the schema says how (a cell outside a row), and whatever still
 * does not fit is dropped. Missing required content is filled in by the caller's `createAndFill`.
 */
function fitContent(parentType: NodeType, children: ProseMirrorNode[]): Fragment {
  const fitted: ProseMirrorNode[] = [];
  let match = parentType.contentMatch;
  const place = (child: ProseMirrorNode): void => {
    const direct = match.matchType(child.type);
    if (direct) {
      fitted.push(child);
      match = direct;
      return;
    }
    const wrapped = wrap(child, match.findWrapping(child.type));
    const next = wrapped && match.matchType(wrapped.type);
    if (wrapped && next) {
      fitted.push(wrapped);
      match = next;
    }
  };

  let inlineRun: ProseMirrorNode[] = [];
  const flushInlineRun = (): void => {
    if (inlineRun.length === 0) return;
    const paragraph = parentType.schema.nodes['paragraph'].createAndFill(
      null,
      fitContent(parentType.schema.nodes['paragraph'], inlineRun),
    );
    inlineRun = [];
    if (paragraph) place(paragraph);
  };

  for (const child of children) {
    if (!parentType.inlineContent && child.isInline) {
      inlineRun.push(child);
      continue;
    }
    flushInlineRun();
    if (parentType.inlineContent && child.isTextblock) {
      fitContent(parentType, childrenOf(child)).forEach(place);
      continue;
    }
    const allowedMarks = child.marks.filter((mark) => parentType.allowsMarkType(mark.type));
    place(allowedMarks.length === child.marks.length ? child : child.mark(allowedMarks));
  }
  flushInlineRun();
  return Fragment.fromArray(fitted);
}

function childrenOf(node: ProseMirrorNode): ProseMirrorNode[] {
  const children: ProseMirrorNode[] = [];
  node.forEach((child) => children.push(child));
  return children;
}

function wrap(node: ProseMirrorNode, wrappers: readonly NodeType[] | null): ProseMirrorNode | null {
  if (!wrappers || wrappers.length === 0) return null;
  let inner: ProseMirrorNode | null = node;
  for (let index = wrappers.length - 1; index >= 0 && inner !== null; index -= 1) {
    inner = wrappers[index].createAndFill(null, inner);
  }
  return inner;
}
