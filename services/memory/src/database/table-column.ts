import type { ColumnType } from 'kysely';

/** PostgreSQL's name of a column's type (`information_schema.columns.udt_name`): `_text` is `text[]`. */
export type PgType =
  | 'uuid'
  | 'text'
  | '_text'
  | 'varchar'
  | 'int2'
  | 'int4'
  | 'bool'
  | 'timestamp'
  | 'timestamptz'
  | 'date'
  | 'tsvector'
  | 'jsonb';

/** Who fills a column on insert: the caller always, the database when the caller leaves it out, or only the database. */
export type ColumnFill = 'caller' | 'default' | 'generated';

/**
 * One column of a stored table, at run time (its PostgreSQL type, NULL or not, who fills it: what the schema test
 * compares with the migrated database) and for the compiler (`kind`: what a read answers, an insert and an update take).
 */
export class TableColumn<Select, Insert = Select, Update = Select> {
  declare readonly kind: ColumnType<Select, Insert, Update>;

  constructor(
    readonly type: PgType,
    readonly nullable = false,
    readonly fill: ColumnFill = 'caller',
  ) {}

  /** The database fills it when an insert leaves it out (a DEFAULT). */
  withDefault(): TableColumn<Select, Insert | undefined, Update> {
    return new TableColumn(this.type, this.nullable, 'default');
  }

  /** Only the database writes it (GENERATED ALWAYS). */
  generated(): TableColumn<Select, never, never> {
    return new TableColumn(this.type, this.nullable, 'generated');
  }

  /** May be NULL, which is also what an insert that leaves it out stores. */
  orNull(): TableColumn<Select | null, Insert | null | undefined, Update | null> {
    return new TableColumn(this.type, true, this.fill);
  }
}

export const column = {
  uuid: () => new TableColumn<string>('uuid'),
  text: <T extends string = string>() => new TableColumn<T>('text'),
  varchar: () => new TableColumn<string>('varchar'),
  textArray: () => new TableColumn<string[]>('_text'),
  /** A small whole number (`smallint`); node-postgres reads it as a number. */
  smallint: <T extends number = number>() => new TableColumn<T>('int2'),
  integer: () => new TableColumn<number>('int4'),
  boolean: () => new TableColumn<boolean>('bool'),
  /** A calendar date and time without a zone, read as `yyyy-MM-ddTHH:mm:ss` (see memory-pool.adapter). */
  timestamp: () => new TableColumn<string>('timestamp'),
  /** An instant: read as a Date; written as a Date or an ISO text. */
  timestamptz: () => new TableColumn<Date, Date | string, Date | string>('timestamptz'),
  /** A calendar day, read as `yyyy-MM-dd`. */
  date: () => new TableColumn<string>('date'),
  tsvector: () => new TableColumn<string>('tsvector'),
  /** A JSON document, read parsed and written as a value (node-postgres serialises it). */
  json: <T>() => new TableColumn<T>('jsonb'),
};

/** The Kysely table type of a table's columns. */
export type TableOf<TColumns extends Record<string, TableColumn<unknown, unknown, unknown>>> = {
  [K in keyof TColumns]: TColumns[K]['kind'];
};
