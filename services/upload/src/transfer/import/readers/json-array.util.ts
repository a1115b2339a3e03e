import { pipeline, type Readable } from 'node:stream';
import { MAX_CONTENT_JSON_BYTES } from '@memories/editor-schema';
import { parser } from 'stream-json';
import { EntryRefusal } from '../source-entry';

/** Longest string an entry may hold: a memory's whole content is at most this much. */
export const MAX_ENTRY_STRING_LENGTH = MAX_CONTENT_JSON_BYTES;
/** Most characters of strings, keys and numbers one entry may hold: its content and what goes with it. */
export const MAX_ENTRY_LENGTH = 2 * MAX_CONTENT_JSON_BYTES;
const MAX_KEY_LENGTH = 1024;
const MAX_NUMBER_LENGTH = 64;

/** An item of the array that was larger than any memory can be: skipped while reading, never held whole. */
export class OversizedItem {}

/** The refusal of an entry that was larger than a memory can be, as the import report shows it. */
export function oversizedEntryRefusal(): EntryRefusal {
  return new EntryRefusal(`It is larger than a memory can be (${MAX_CONTENT_JSON_BYTES / 1024 / 1024} MB).`);
}

interface Token {
  name: string;
  value?: string;
}

type Container = Record<string, unknown> | unknown[];

const SCALAR_ENDS = new Set(['endString', 'endNumber', 'nullValue', 'trueValue', 'falseValue']);
const OPENS = new Set(['startObject', 'startArray']);
const CLOSES = new Set(['endObject', 'endArray']);

/**
 * Builds one array item from the parser's tokens within the caps, keeping only the item's own fields in `fields`
 * (the others are passed over unread: a Day One entry's `richText`, our export's `contentHtml`). Once over a cap it
 * lets go of what it built and only follows the item to its end.
 */
class ItemBuilder {
  private stack: Array<{ container: Container; key?: string }> = [];
  private depth = 0;
  private size = 0;
  private text = '';
  /** The depth of a field being passed over, while it lasts. */
  private skipAt?: number;
  oversized = false;
  done = false;
  value: unknown;

  constructor(private readonly fields: ReadonlySet<string>) {}

  take({ name, value = '' }: Token): void {
    const dropping = this.oversized || this.skipAt !== undefined;
    if (OPENS.has(name)) {
      this.depth += 1;
      if (!dropping) this.size += 1;
      if (!dropping) this.stack.push({ container: name === 'startObject' ? {} : [] });
    } else if (CLOSES.has(name)) {
      this.depth -= 1;
      if (this.skipAt === this.depth) this.skipAt = undefined;
      else if (!dropping) this.put((this.stack.pop() as { container: Container }).container);
    } else if (name === 'startKey' || name === 'startString' || name === 'startNumber') {
      this.text = '';
    } else if (name === 'stringChunk' || name === 'numberChunk') {
      if (dropping) return;
      this.size += value.length;
      this.text += value;
      if (this.text.length > MAX_ENTRY_STRING_LENGTH || this.size > MAX_ENTRY_LENGTH) this.letGo();
    } else if (name === 'endKey') {
      if (!dropping) this.key(this.text);
    } else if (SCALAR_ENDS.has(name)) {
      if (this.skipAt === this.depth) this.skipAt = undefined;
      else if (!dropping) this.put(this.scalar(name));
    }
    if (this.depth === 0 && (CLOSES.has(name) || SCALAR_ENDS.has(name))) this.done = true;
  }

  private scalar(name: string): unknown {
    if (name === 'endString') return this.text;
    if (name === 'endNumber') {
      if (this.text.length > MAX_NUMBER_LENGTH) this.letGo();
      return Number(this.text);
    }
    return name === 'nullValue' ? null : name === 'trueValue';
  }

  private key(name: string): void {
    if (name.length > MAX_KEY_LENGTH) return this.letGo();
    // A field of the item itself that no reader reads: its value is passed over, however large.
    if (this.depth === 1 && !this.fields.has(name)) this.skipAt = 1;
    else {
      const top = this.stack.at(-1);
      if (top) top.key = name;
    }
  }

  private put(value: unknown): void {
    const top = this.stack.at(-1);
    if (!top) this.value = value;
    else if (Array.isArray(top.container)) top.container.push(value);
    else if (top.key !== undefined) {
      top.container[top.key] = value;
      top.key = undefined;
    }
  }

  private letGo(): void {
    this.oversized = true;
    this.stack = [];
    this.text = '';
  }
}

/**
 * The items of the array under `key` of a JSON document, one at a time: a journal file of any size is read in
 * constant memory, and so is one item of any size. Strings arrive in chunks (the parser packs nothing), so an item
 * larger than a memory can be is let go of as it streams by, never held whole, and given as an OversizedItem.
 * `fields` are the item's fields the reader uses. A syntax error fails the whole read with the file's name.
 */
export async function* jsonArrayItems(
  source: Readable,
  key: string,
  fileName: string,
  fields: readonly string[],
): AsyncGenerator<unknown> {
  const tokens = pipeline(source, parser({ packValues: false }), () => undefined);
  const wanted = new Set(fields);
  let depth = 0;
  let keyText = '';
  let readingKey = false;
  let keyIsOurs = false;
  let inArray = false;
  let item: ItemBuilder | undefined;
  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      if (inArray && !(depth === 2 && token.name === 'endArray' && !item)) {
        item ??= new ItemBuilder(wanted);
        item.take(token);
        if (item.done) {
          yield item.oversized ? new OversizedItem() : item.value;
          item = undefined;
        }
        continue;
      }
      if (OPENS.has(token.name)) {
        depth += 1;
        inArray = depth === 2 && keyIsOurs && token.name === 'startArray';
        keyIsOurs = false;
      } else if (CLOSES.has(token.name)) {
        depth -= 1;
        inArray = false;
      } else if (token.name === 'startKey') {
        readingKey = depth === 1;
        keyText = '';
      } else if (token.name === 'stringChunk' && readingKey) {
        if (keyText.length <= MAX_KEY_LENGTH) keyText += token.value ?? '';
      } else if (token.name === 'endKey') {
        keyIsOurs = readingKey && keyText === key;
        readingKey = false;
      } else if (SCALAR_ENDS.has(token.name)) {
        keyIsOurs = false;
      }
    }
  } catch (error) {
    throw new EntryRefusal(
      `${fileName} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    tokens.destroy();
  }
}
