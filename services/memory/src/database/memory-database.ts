import {
  AliasNode,
  CamelCasePlugin,
  ColumnNode,
  DeleteQueryNode,
  IdentifierNode,
  InsertQueryNode,
  Kysely,
  ReferenceNode,
  ReturningNode,
  SelectionNode,
  SelectQueryNode,
  UpdateQueryNode,
  PostgresDialect,
  type Compilable,
  type CompiledQuery,
  type RawBuilder,
  type PostgresPool,
  type PostgresPoolClient,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type RootOperationNode,
  type PostgresQueryResult,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import { Inject, type Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { TypeOverrides, types, type Pool, type PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { statementName } from '@memories/nest-common';
import type { MemoryTables } from './memory.tables';

/** The memory schema's typed query builder, over the connection pool TypeORM opened for the service. */
export type MemoryDb = Kysely<MemoryTables>;

/**
 * How rows are read. A column without a zone stays the text PostgreSQL wrote: a memory's date is a calendar date
 * and time (`yyyy-MM-ddTHH:mm:ss`), a day is `yyyy-MM-dd`, never an instant in the server's zone. Per statement, so
 * TypeORM's own reads on the same pool are not changed.
 */
const ROW_TYPES = new TypeOverrides();
ROW_TYPES.setTypeParser(types.builtins.TIMESTAMP, 'text', (text) => text.replace(' ', 'T'));
ROW_TYPES.setTypeParser(types.builtins.DATE, 'text', (text) => text);

/** A pool client that reads rows with ROW_TYPES. */
class MemoryPoolClient implements PostgresPoolClient {
  /** How the connection failed while lent out (PostgreSQL restarting), so that the pool drops it. */
  private failure: Error | undefined;
  /**
   * node-postgres emits a lent connection's failure (the server ending it between two statements) as an `error` event
   * that someone must listen to, or the process exits; the pool listens only while the connection is idle, TypeORM
   * while it lends one itself, Kysely never. The statement running at the time, if any, fails on its own.
   */
  private readonly onError = (error: Error) => {
    this.failure = error;
  };

  constructor(private readonly client: PoolClient) {}

  lend(): this {
    this.failure = undefined;
    this.client.on('error', this.onError);
    return this;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  /** Kysely streams through a cursor only when its dialect is given one; this one is not. */
  query(cursor: never): never;
  async query<R>(sql: string, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> {
    const result = await this.client.query({ text: sql, values: [...parameters], types: ROW_TYPES });
    // node-postgres types the command as any text; PostgreSQL answers one of the commands Kysely lists.
    const command = result.command as PostgresQueryResult<R>['command'];
    return { command, rowCount: result.rowCount ?? 0, rows: result.rows };
  }

  release(destroy?: boolean): void {
    this.client.off('error', this.onError);
    this.client.release(this.failure ?? destroy);
  }
}

/** TypeORM's pool as Kysely asks for one; ending it stays TypeORM's job. */
class MemoryPool implements PostgresPool {
  /** One wrapper per pooled connection, so that Kysely too keeps one connection object per connection. */
  private readonly clients = new WeakMap<PoolClient, MemoryPoolClient>();

  constructor(private readonly pool: Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapped = this.clients.get(client);
    if (!wrapped) {
      wrapped = new MemoryPoolClient(client);
      this.clients.set(client, wrapped);
    }
    return wrapped.lend();
  }

  async end(): Promise<void> {
    // TypeORM opened the pool and closes it with the data source.
  }
}

/** The name of the memory service's TypeORM data source (the schema it owns). */
export const MEMORY_DATA_SOURCE = 'memory';

const MEMORY_DB = Symbol('MemoryDb');

/** Injects the memory schema's MemoryDb. */
export const InjectMemoryDb = (): ParameterDecorator => Inject(MEMORY_DB);

export const memoryDbProvider: Provider = {
  provide: MEMORY_DB,
  useFactory: createMemoryDb,
  inject: [getDataSourceToken(MEMORY_DATA_SOURCE)],
};

/**
 * Kysely's CamelCasePlugin, with the names of a statement's results in camelCase from PostgreSQL itself: each column the
 * statement selects or returns by name gets its camelCase name as an alias (`m.created_at AS "createdAt"`), so the rows
 * node-postgres builds are already the records and are not copied again (a list page's rows were copied key by key,
 * and the copies were a fifth of the memory service's extra garbage, measured). A statement whose names are not all
 * known (`select *`, raw SQL) still has its rows renamed, shallowly: nested JSON our SQL builds has camelCase keys.
 */
export class MemoryCamelCasePlugin extends CamelCasePlugin {
  private readonly names = new Map<string, string>();

  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = super.transformQuery(args);
    if (SelectQueryNode.is(node)) return { ...node, selections: node.selections?.map((s) => this.camelCased(s)) };
    if ((InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node)) && node.returning) {
      const returning = ReturningNode.create(node.returning.selections.map((s) => this.camelCased(s)));
      return { ...node, returning };
    }
    return node;
  }

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = this.camelCaseRows(args.result.rows);
    return rows === args.result.rows ? args.result : { ...args.result, rows };
  }

  /** The rows with camelCase names: the same array when they have them already. */
  camelCaseRows<R extends object>(rows: R[]): R[] {
    const [first] = rows;
    // Renaming changes only names with an underscore; rows of one result share their names.
    if (first === undefined || !Object.keys(first).some((key) => key.includes('_'))) return rows;
    return rows.map((row) => this.renamed(row as UnknownRow) as R);
  }

  /** The selection under its camelCase name, where it has a name that is not camelCase already. */
  private camelCased(selection: SelectionNode): SelectionNode {
    const named = selection.selection;
    const [expression, name] = AliasNode.is(named)
      ? [named.node, IdentifierNode.is(named.alias) ? named.alias.name : undefined]
      : [named, ReferenceNode.is(named) && ColumnNode.is(named.column) ? named.column.column.name : undefined];
    if (name === undefined) return selection;
    const camelName = this.nameOf(name);
    return camelName === name
      ? selection
      : SelectionNode.create(AliasNode.create(expression, IdentifierNode.create(camelName)));
  }

  private renamed(row: UnknownRow): UnknownRow {
    const renamed: UnknownRow = {};
    for (const key in row) renamed[this.nameOf(key)] = row[key];
    return renamed;
  }

  private nameOf(column: string): string {
    let name = this.names.get(column);
    if (name === undefined) {
      name = this.camelCase(column);
      this.names.set(column, name);
    }
    return name;
  }
}

/**
 * Runs a compiled statement straight on the pool (see `prepared` and `compiledPerShape`): as a named prepared statement
 * when `named`, else unnamed (planned for the values of each call).
 */
type StatementRunner = (sql: string, parameters: unknown[], named: boolean) => Promise<unknown[]>;

/** The runner of each MemoryDb the service made: a transaction (a Kysely of its own) has none. */
const statementRunners = new WeakMap<MemoryDb, StatementRunner>();

export function createMemoryDb(dataSource: DataSource): MemoryDb {
  // TypeORM's PostgreSQL driver keeps node-postgres's pool as `master`.
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const camelCase = new MemoryCamelCasePlugin();
  const db = new Kysely<MemoryTables>({
    dialect: new PostgresDialect({ pool: new MemoryPool(pool) }),
    plugins: [camelCase],
  });
  statementRunners.set(db, async (sql, parameters, named) => {
    // The pool lends the connection, listens for its failure and takes it back, in one call.
    const name = named ? statementName(sql) : undefined;
    const result = await pool.query({ text: sql, values: parameters, types: ROW_TYPES, name });
    return camelCase.camelCaseRows(result.rows);
  });
  return db;
}

/** Stands in for an argument (by position or by name) while a statement is compiled. */
class Slot {
  constructor(readonly key: number | string) {}
}

/** A statement that is RawBuilder SQL rather than a query builder's: compiled against the MemoryDb it runs on. */
type Buildable<TRow> = Compilable<TRow> | RawBuilder<TRow>;

function compile<TRow>(db: MemoryDb, built: Buildable<TRow>): CompiledQuery<TRow> {
  return isRawBuilder(built) ? built.compile(db) : built.compile();
}

function isRawBuilder<TRow>(built: Buildable<TRow>): built is RawBuilder<TRow> {
  return (built as Partial<RawBuilder<TRow>>).isRawBuilder === true;
}

function runnerOf(db: MemoryDb): StatementRunner {
  const run = statementRunners.get(db);
  if (!run) throw new Error('A compiled statement runs on the MemoryDb the service made, never in a transaction');
  return run;
}

/** The values of a call in the compiled statement's order: each slot replaced by the argument it stands for. */
function valuesOf(parameters: readonly unknown[], args: object): unknown[] {
  const byKey = args as Record<number | string, unknown>;
  return parameters.map((value) => (value instanceof Slot ? byKey[value.key] : value));
}

/**
 * A statement whose text never depends on its values, built and compiled once, then run as a named prepared statement:
 * PostgreSQL parses and plans it once per connection (a memory by id: ~275 -> ~120 µs of database time on the project
 * machine), and no call rebuilds it (Kysely's building and name mapping cost ~100 µs a statement). It runs straight on
 * the pool, past Kysely's executor and its chain of promises per statement (a list page: ~25 µs of CPU and a share of
 * the garbage, measured); its rows are named by the same plugin. Never inside a transaction. After five calls
 * PostgreSQL may keep one generic plan for every value, so this is only for statements whose best plan does not depend
 * on the values (by id, by owner): never for a filter whose selectivity varies widely by value (a tag, a search term,
 * a date range of any width; see `compiledPerShape` for those). Each argument must stand for one value of the
 * statement (`= any(array)`, never `in`).
 */
export function prepared<TArgs extends unknown[], TRow>(
  db: MemoryDb,
  build: (...args: TArgs) => Buildable<TRow>,
): (...args: TArgs) => Promise<TRow[]> {
  const run = runnerOf(db);
  const slots = Array.from({ length: build.length }, (_, index) => new Slot(index)) as TArgs;
  const { sql, parameters } = compile(db, build(...slots));
  return async (...args) => (await run(sql, valuesOf(parameters, args), true)) as TRow[];
}

/**
 * A statement whose text depends only on the shape of a call (which filters it has, how it sorts), not on its values:
 * built and compiled once per shape (what Kysely's building costs, ~200 µs for a search, measured), then run unnamed,
 * so PostgreSQL still plans it for each call's values. For statements whose best plan depends on the values (a search
 * term, a tag), where `prepared` would not do. `build` decides everything by `shape` and uses `values` only as values:
 * each is a stand-in while the statement is compiled. Never inside a transaction.
 */
export function compiledPerShape<TShape, TValues extends object, TRow>(
  db: MemoryDb,
  build: (shape: TShape, values: TValues) => Buildable<TRow>,
): (shape: TShape, values: TValues) => Promise<TRow[]> {
  const run = runnerOf(db);
  const statements = new Map<string, CompiledQuery<TRow>>();
  const slots = new Proxy({} as TValues, { get: (_, key) => new Slot(String(key)) });
  return async (shape, values) => {
    // A shape is a handful of flags and names, so there are few of them and each key is short.
    const key = JSON.stringify(shape);
    let statement = statements.get(key);
    if (!statement) {
      statement = compile(db, build(shape, slots));
      statements.set(key, statement);
    }
    return (await run(statement.sql, valuesOf(statement.parameters, values), false)) as TRow[];
  };
}
