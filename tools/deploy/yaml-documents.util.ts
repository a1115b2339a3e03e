import { parseAllDocuments } from 'yaml';

/**
 * Every document of a YAML stream as plain data. YAML 1.1 merge keys (`<<: *anchor`) are resolved, as Docker
 * Compose resolves them; an empty document (a trailing `---`) is dropped. A syntax error throws.
 */
export function parseYamlDocuments(text: string, source: string): unknown[] {
  return parseAllDocuments(text, { merge: true }).flatMap((document) => {
    if (document.errors.length > 0) {
      throw new Error(`${source}: ${document.errors.map((error) => error.message).join('; ')}`);
    }
    const value: unknown = document.toJS({ maxAliasCount: -1 });
    return value === null || value === undefined ? [] : [value];
  });
}
