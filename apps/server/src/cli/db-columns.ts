/** `npm run db:columns`: migrates an in-memory database and writes db/columns.generated.ts from it. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { columnsSource, readColumns } from '../db/columns';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';

const opened = await openDatabase({});
try {
  await migrate(opened.db);
  const target = fileURLToPath(new URL('../db/columns.generated.ts', import.meta.url));
  writeFileSync(target, columnsSource(await readColumns(opened.db)));
  console.log(`wrote ${target}`);
} finally {
  await opened.close();
}
