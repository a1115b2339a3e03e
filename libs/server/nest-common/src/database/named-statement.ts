import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/** A statement's name derived from its text: one text has one name on every connection, two texts never share one. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
