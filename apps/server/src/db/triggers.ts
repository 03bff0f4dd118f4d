/**
 * The shape of a domain's list of triggers (its triggers.ts, named in its manifest): for each
 * table of the domain, the triggers that fire on it, which function each runs, what that
 * function writes, and why. The definitions themselves are the domains' repeatable files
 * (<domain>/sql/<function>.sql, applied by migrate.ts). db/repeatable.test.ts holds the lists to
 * the migrated database: a trigger missing from them, or a `feeds` that is not what the
 * function writes, fails it.
 */

export interface TableTrigger {
  /** The trigger's name, unique in the schema. */
  trigger: string;
  /** The function it runs; the file <domain>/sql/<fn>.sql defines the function and its triggers. */
  fn: string;
  /** The tables the function writes (none for a guard), and `notify:<channel>` for a notification. */
  feeds: string[];
  /** What it is for. */
  why: string;
}

/** A domain's triggers, by the table they fire on. */
export type DomainTriggers = Record<string, TableTrigger[]>;
