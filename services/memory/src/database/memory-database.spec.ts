import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { MemoryCamelCasePlugin } from './memory-database';
import type { MemoryTables } from './memory.tables';

/** Compiles statements with the memory service's plugin, without a database. */
function compiler(): Kysely<MemoryTables> {
  return new Kysely<MemoryTables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new MemoryCamelCasePlugin()],
  });
}

function resultOf(rows: Record<string, unknown>[]) {
  return new MemoryCamelCasePlugin().transformResult({
    queryId: { queryId: 'test' },
    result: { rows },
  });
}

describe('MemoryCamelCasePlugin', () => {
  const db = compiler();

  it('names each selected column in camelCase in the statement itself', () => {
    const { sql: text } = db
      .selectFrom('memory.memories as m')
      .select(['m.id', 'm.userId', 'm.isDraft'])
      .select(sql<string[]>`ARRAY[]::text[]`.as('sharedWith'))
      .select((eb) => eb.ref('m.createdAt').as('created'))
      .where('m.userId', '=', 'u')
      .compile();

    expect(text).toBe(
      'select "m"."id", "m"."user_id" as "userId", "m"."is_draft" as "isDraft", ARRAY[]::text[] as "sharedWith", ' +
        '"m"."created_at" as "created" from "memory"."memories" as "m" where "m"."user_id" = $1',
    );
  });

  it('names what a write returns in camelCase', () => {
    const { sql: text } = db
      .updateTable('memory.memories')
      .set({ viewCount: 1 })
      .where('id', '=', 'x')
      .returning(['viewCount', 'id'])
      .compile();

    expect(text).toBe(
      'update "memory"."memories" set "view_count" = $1 where "id" = $2 returning "view_count" as "viewCount", "id"',
    );
  });

  // Kysely hands a sub-select to the plugin on its own too; the outer statement's pass then names its columns in
  // snake_case again, which is what the outer statement refers to them by.
  it('keeps the names of a sub-select as the outer statement refers to them', () => {
    const page = db.selectFrom('memory.memories as m').select('m.userId').limit(1);
    const { sql: text } = db.selectFrom(page.as('p')).select('p.userId').compile();

    expect(text).toBe(
      'select "p"."user_id" as "userId" from (select "m"."user_id" as "user_id" from "memory"."memories" as "m" limit $1) ' +
        'as "p"',
    );
  });

  it('hands rows whose names are all camelCase on as they are, without a copy', async () => {
    const rows = [{ id: 'a', userId: 'u', tags: [{ some_key: 1 }] }];

    const result = await resultOf(rows);

    expect(result.rows).toBe(rows);
  });

  it('renames the rows of a statement whose names it could not know (select *), shallowly', async () => {
    const result = await resultOf([{ id: 'a', user_id: 'u', nested: { some_key: 1 } }]);

    expect(result.rows).toEqual([{ id: 'a', userId: 'u', nested: { some_key: 1 } }]);
  });
});
