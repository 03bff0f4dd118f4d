/**
 * The database's functions and triggers are the repeatable files of the domains: one file per
 * function, named after it, defining it and the triggers that run it; every trigger is named in
 * its domain's triggers.ts with what its function writes; a changed file is applied again.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import type { OpenedTestDatabase } from '../test/databases';
import { applyRepeatables, migrationFiles, repeatableFiles, repeatableText } from './migrate';
import { DOMAIN_TRIGGERS } from '../domains';

const fileName = (file: string) =>
  file
    .split('/')
    .at(-1)!
    .replace(/\.sql$/, '');
/** The tables a function's text inserts into, updates or deletes from, among `tables`. */
const written = (text: string, tables: Set<string>) =>
  [...new Set([...text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/gi)].map((m) => m[1].toLowerCase()))]
    .filter((t) => tables.has(t))
    .sort();

describe.each(databases())('repeatable functions and triggers on $kind', (kind) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await kind.open();
  });
  afterAll(async () => opened?.close());

  const liveFunctions = async () =>
    (
      await sql<{ name: string }>`SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') ORDER BY 1`.execute(opened.owner)
    ).rows.map((r) => r.name);
  const liveTriggers = async () =>
    (
      await sql<{ trigger: string; table: string; fn: string }>`SELECT t.tgname AS trigger, c.relname AS table, p.proname AS fn
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE NOT t.tgisinternal AND t.tgparentid = 0 AND n.nspname = current_schema() ORDER BY 1`.execute(opened.owner)
    ).rows;

  it('each function of the schema is the file of its name, which defines it and the triggers that run it', async () => {
    const files = repeatableFiles();
    expect(await liveFunctions()).toEqual(files.map(fileName).sort());
    const triggers = await liveTriggers();
    for (const file of files) {
      const text = repeatableText(file);
      const fn = fileName(file);
      const defined = [...text.matchAll(/^CREATE OR REPLACE FUNCTION ([a-z0-9_]+)\(/gm)].map((m) => m[1]);
      expect(defined, file).toEqual([fn]);
      const declared = [...text.matchAll(/^CREATE OR REPLACE TRIGGER ([a-z0-9_]+) .* EXECUTE FUNCTION ([a-z0-9_]+)\(/gm)];
      for (const [, , runs] of declared) expect(runs, file).toBe(fn);
      expect(declared.map((m) => m[1]).sort(), file).toEqual(
        triggers
          .filter((t) => t.fn === fn)
          .map((t) => t.trigger)
          .sort(),
      );
    }
  });

  it("every trigger is named in its table's domain with its function and what that function writes", async () => {
    const tables = new Set(
      (await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()`.execute(opened.owner)).rows.map((r) => r.t),
    );
    const named = Object.entries(DOMAIN_TRIGGERS).flatMap(([domain, byTable]) =>
      Object.entries(byTable).flatMap(([table, list]) => list.map((t) => ({ domain, table, ...t }))),
    );
    const live = await liveTriggers();
    expect(named.map((t) => `${t.table}.${t.trigger} → ${t.fn}`).sort()).toEqual(live.map((t) => `${t.table}.${t.trigger} → ${t.fn}`).sort());
    const files = new Map(repeatableFiles().map((f) => [fileName(f), f]));
    for (const t of named) {
      const text = repeatableText(files.get(t.fn)!);
      const body = text.slice(text.indexOf('AS $function$'), text.lastIndexOf('$function$'));
      const notified = [...body.matchAll(/pg_notify\('([a-z_]+)'/g)].map((m) => `notify:${m[1]}`);
      expect([...t.feeds].sort(), `${t.domain}: ${t.trigger}`).toEqual([...written(body, tables), ...new Set(notified)].sort());
      expect(t.why.length, t.trigger).toBeGreaterThan(10);
    }
  });

  it('applies a file again when its text changed since, and all of them when asked', async () => {
    const db = opened.owner;
    expect(await applyRepeatables(db)).toEqual([]);
    await sql`UPDATE schema_repeatable SET checksum = 'stale' WHERE name = 'ledger/sql/ledger_post.sql'`.execute(db);
    expect(await applyRepeatables(db)).toEqual(['ledger/sql/ledger_post.sql']);
    expect(await applyRepeatables(db, true)).toEqual(repeatableFiles());
    const recorded = await db.selectFrom('schema_repeatable').select('name').orderBy('name').execute();
    expect(recorded.map((r) => r.name)).toEqual([...repeatableFiles()].sort());
  });
});

describe('numbered migrations', () => {
  it('define no function or trigger after 064: those are repeatable files', () => {
    for (const file of migrationFiles().filter((f) => f > '065')) {
      const text = readFileSync(new URL(`../migrations/${file}`, import.meta.url), 'utf8').replace(/--[^\n]*/g, '');
      expect(text, file).not.toMatch(/\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE|TRIGGER|CONSTRAINT\s+TRIGGER)\b/i);
    }
  });
});
