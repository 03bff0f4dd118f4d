/**
 * The columns of the migrated schema as the database reports them (information_schema), and the
 * text of columns.generated.ts made from them. schema-check.ts compares that file with the row
 * types Kysely uses (schema.ts and the domains' tables.ts) at compile time; columns.test.ts fails
 * when the file no longer matches the migrations. `npm run db:columns` writes it again.
 */
import { sql } from 'kysely';
import type { Db } from './open';

export interface ColumnInfo {
  table: string;
  column: string;
  /** PostgreSQL's type name (udt_name: int4, int8, text, timestamptz, jsonb, _text …). */
  type: string;
  nullable: boolean;
  /** A generated column: its nullability follows its expression, which information_schema does not say. */
  generated: boolean;
}

export async function readColumns(db: Db): Promise<ColumnInfo[]> {
  const rows = await sql<{ table: string; column: string; type: string; nullable: string; generated: string }>`
    SELECT c.table_name AS table, c.column_name AS column, c.udt_name AS type, c.is_nullable AS nullable, c.is_generated AS generated
    FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      -- a month's partition is its table's rows, not a table of its own (decision 056)
      AND NOT EXISTS (SELECT 1 FROM pg_class pc JOIN pg_namespace ns ON ns.oid = pc.relnamespace
        WHERE ns.nspname = c.table_schema AND pc.relname = c.table_name AND pc.relispartition)
    ORDER BY c.table_name, c.column_name`.execute(db);
  return rows.rows.map((r) => ({ table: r.table, column: r.column, type: r.type, nullable: r.nullable === 'YES', generated: r.generated === 'ALWAYS' }));
}

/** The TypeScript of columns.generated.ts for these columns. */
export function columnsSource(columns: ColumnInfo[]): string {
  const tables = new Map<string, ColumnInfo[]>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  const lines = [
    '/**',
    ' * The columns of every table as the migrated database reports them (information_schema):',
    ' * PostgreSQL type and whether it may be null. Written by `npm run db:columns` (db/columns.ts);',
    ' * do not edit. schema-check.ts holds the row types to it.',
    ' */',
    '',
    'export interface Column<Type extends string, Nullable extends boolean, Generated extends boolean = false> {',
    '  type: Type;',
    '  nullable: Nullable;',
    '  generated: Generated;',
    '}',
    '',
    'export interface DatabaseColumns {',
  ];
  for (const [table, cols] of [...tables].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(`  ${table}: {`);
    for (const c of cols) lines.push(`    ${c.column}: Column<'${c.type}', ${c.nullable}${c.generated ? ', true' : ''}>;`);
    lines.push('  };');
  }
  lines.push('}', '');
  return lines.join('\n');
}
