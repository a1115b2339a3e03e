import { MEMORY_REDISCOVERY_ERROR_CODES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';

/** Where a timeline page ends: the last memory's date and id (the order is date, then id, both descending). */
export interface TimelinePosition {
  date: string;
  id: string;
}

const POSITION =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A real date-time (JavaScript's parser rolls 02-30 over into March) in a year PostgreSQL can store. */
function isRealDateTime(value: string): boolean {
  const time = Date.parse(`${value}Z`);
  return !Number.isNaN(time) && !value.startsWith('0000') && new Date(time).toISOString().startsWith(value);
}

/** The opaque `nextCursor` of a position. */
export function encodeCursor(position: TimelinePosition): string {
  return Buffer.from(`${position.date}|${position.id}`).toString('base64url');
}

/** The position of a cursor this service wrote; anything else is a 400, never a query. */
export function decodeCursor(cursor: string): TimelinePosition {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isRealDateTime(match[1])) {
    throw new DomainError(
      MEMORY_REDISCOVERY_ERROR_CODES.MEMORY_CURSOR_INVALID,
      'cursor must be the nextCursor of a timeline page',
    );
  }
  return { date: match[1], id: match[2] };
}
