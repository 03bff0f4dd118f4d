/**
 * The row types Kysely uses (schema.ts and the domains' tables.ts) held to the migrated
 * database (columns.generated.ts), at compile time: a table without a row type, a row type of
 * no table, a column missing from its row type or a field that is no column, and a column whose
 * row type says it can be null when the database says it cannot (or the reverse), each is a type
 * error that names it. columns.test.ts keeps columns.generated.ts equal to the migrations.
 */
import type { Selectable } from 'kysely';
import type { DatabaseColumns } from './columns.generated';
import type { Database } from './schema';

type Tables = keyof DatabaseColumns & string;
type Typed = Tables & keyof Database;
type Row<T extends Typed> = Selectable<Database[T]>;

type UntypedTable = `table ${Exclude<Tables, keyof Database>} has no row type`;
type StrayRowType = `row type ${Exclude<keyof Database & string, Tables>} is no table`;
type MissingField<T extends Typed> = `${T}.${Exclude<keyof DatabaseColumns[T], keyof Row<T>> & string} is missing from the row type`;
type StrayField<T extends Typed> = `${T}.${Exclude<keyof Row<T>, keyof DatabaseColumns[T]> & string} is no column`;
/** Skipped: a field typed `unknown` (a jsonb document read as it is) and a generated column. */
type Nullability<T extends Typed> = {
  [C in keyof DatabaseColumns[T] & keyof Row<T> & string]: unknown extends Row<T>[C]
    ? never
    : DatabaseColumns[T][C] extends { generated: true }
      ? never
      : [null extends Row<T>[C] ? true : false] extends [DatabaseColumns[T][C] extends { nullable: infer N } ? N : never]
        ? never
        : `${T}.${C} is ${null extends Row<T>[C] ? '' : 'not '}nullable in the row type, ${DatabaseColumns[T][C] extends { nullable: true } ? '' : 'not '}in the database`;
}[keyof DatabaseColumns[T] & keyof Row<T> & string];

/**
 * What the drivers hand back for a column's type (db/open.ts: int8 as a Number on both), so that a
 * value typed from a table can be used as it is, without a conversion: integers are numbers,
 * numeric is the exact decimal text, timestamps are Dates. Not held: jsonb and arrays (the row
 * type says the document's shape), dates (their type says how each table reads them).
 */
type DriverType<P> = P extends 'int2' | 'int4' | 'int8'
  ? number
  : P extends 'numeric' | 'text'
    ? string
    : P extends 'timestamptz'
      ? Date
      : P extends 'bool'
        ? boolean
        : unknown;
type ValueType<T extends Typed> = {
  [C in keyof DatabaseColumns[T] & keyof Row<T> & string]: [NonNullable<Row<T>[C]>] extends [
    DriverType<DatabaseColumns[T][C]['type' & keyof DatabaseColumns[T][C]]>,
  ]
    ? never
    : `${T}.${C} is ${DatabaseColumns[T][C]['type' & keyof DatabaseColumns[T][C]] & string} in the database: the driver reads it as ${DriverName<DatabaseColumns[T][C]['type' & keyof DatabaseColumns[T][C]]>}`;
}[keyof DatabaseColumns[T] & keyof Row<T> & string];
type DriverName<P> = P extends 'int2' | 'int4' | 'int8'
  ? 'a number'
  : P extends 'numeric' | 'text'
    ? 'a string'
    : P extends 'timestamptz'
      ? 'a Date'
      : 'a boolean';

export type SchemaProblem = UntypedTable | StrayRowType | { [T in Typed]: MissingField<T> | StrayField<T> | Nullability<T> | ValueType<T> }[Typed];

/** Compiles only when there is no problem; the error lists them. */
type None<T extends never> = T;
export type SchemaMatchesDatabase = None<SchemaProblem>;
