/**
 * The console day in the server's own SQL: the offset of @console/time as a Kysely fragment, and
 * the two expressions queries need (the day of a moment, the moment a day starts).
 */
import { CONSOLE_SQL_OFFSET } from '@console/time';
import { sql, type RawBuilder } from 'kysely';

/** The console's offset from UTC as a SQL interval. */
export const DAY_OFFSET = sql.raw(CONSOLE_SQL_OFFSET);
/** SQL: the console day (a date) of a timestamptz column (`table.column` allowed). */
export const dayOfColumn = (column: string): RawBuilder<unknown> => sql`((${sql.ref(column)} AT TIME ZONE 'UTC') + ${DAY_OFFSET})::date`;
/** SQL: the console day (a date) of a timestamptz expression. */
export const dayOfExpr = (expr: RawBuilder<unknown>): RawBuilder<unknown> => sql`((${expr}) AT TIME ZONE 'UTC' + ${DAY_OFFSET})::date`;
/** SQL: the moment (timestamptz) a console day starts, for a date expression. */
export const dayStartOfExpr = (day: RawBuilder<unknown>): RawBuilder<unknown> => sql`((${day})::timestamp - ${DAY_OFFSET}) AT TIME ZONE 'UTC'`;
