/**
 * The rows of a raw TypeORM query on PostgreSQL: SELECT and INSERT ... RETURNING answer the rows, but UPDATE and
 * DELETE ... RETURNING answer `[rows, affectedCount]`. Rows are objects, never arrays, so the shapes cannot be
 * confused.
 */
export function rowsOf<TRow>(result: unknown): TRow[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as TRow[];
  }
  return result as TRow[];
}
