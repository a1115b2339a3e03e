import { pipeline, type Readable } from 'node:stream';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/Pick';
import { streamArray } from 'stream-json/streamers/StreamArray';
import { EntryRefusal } from '../source-entry';

/**
 * The items of the array under `key` of a JSON document, one at a time (stream-json): a journal file of any size
 * is read in constant memory. A syntax error fails the whole read with the file's name in the message.
 */
export async function* jsonArrayItems(source: Readable, key: string, fileName: string): AsyncGenerator<unknown> {
  const items = pipeline(source, parser(), pick({ filter: key }), streamArray(), () => undefined);
  try {
    for await (const item of items as AsyncIterable<{ value: unknown }>) yield item.value;
  } catch (error) {
    throw new EntryRefusal(
      `${fileName} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    items.destroy();
  }
}
