/**
 * columns.generated.ts is what the migrations make, on PGlite and on PostgreSQL: schema-check.ts
 * holds the row types to it at compile time, so together the row types match the database.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import type { OpenedTestDatabase } from '../test/databases';
import { columnsSource, readColumns } from './columns';

describe.each(databases())('the columns of the row types on $kind', (kind) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await kind.open();
  });
  afterAll(async () => opened?.close());

  it('columns.generated.ts is what the migrated database reports (npm run db:columns writes it)', async () => {
    const committed = readFileSync(new URL('./columns.generated.ts', import.meta.url), 'utf8');
    const columns = await readColumns(opened.owner);
    expect(columns.length).toBeGreaterThan(1000);
    expect(columnsSource(columns)).toBe(committed);
  });
});
