/**
 * One events call, several appliers. Most event types go to the database in one statement
 * (platform_events_apply, events.ts); a few are applied by their own domain after the rest of
 * the call: game.round (games/rounds.ts), provider.round (providers/rounds.ts), the table-game
 * events (table-games/events.ts) and sms.result (app-settings/sms.ts). `applyAlongside` takes a
 * call apart by type, applies the others first and then these, and puts the results back in the
 * order sent. Only the first event of an id is applied: a later event with the same id in the
 * same call answers as a duplicate of the first (with the first's code and message).
 * The domain SQL functions all answer one row per event: `resultsOf` turns those rows into
 * results.
 */
import type { PlatformEventResult } from '@console/schemas';

interface EventLike {
  id: string;
  type: string;
  error?: unknown;
}

export interface Split {
  mine: number[];
  others: number[];
  echoes: [number, number][];
}

/** Positions of the call's valid events of the given types (first of their id), of the rest, and of the echoes of the former. */
export function splitBy(events: readonly EventLike[], isMine: (type: string) => boolean): Split {
  const first = new Map<string, number>();
  events.forEach((e, n) => {
    if (!first.has(e.id)) first.set(e.id, n);
  });
  const mine = (k: number) => isMine(events[k].type) && !events[k].error;
  const split: Split = { mine: [], others: [], echoes: [] };
  events.forEach((e, n) => {
    const f = first.get(e.id)!;
    if (f === n && mine(n)) split.mine.push(n);
    else if (f !== n && mine(f)) split.echoes.push([n, f]);
    else split.others.push(n);
  });
  return split;
}

/** `next` applies the call's other events, then `applyMine` these types; one result per event, in the order sent. */
export async function applyAlongside<E extends EventLike>(
  events: E[],
  isMine: (type: string) => boolean,
  next: (others: E[]) => Promise<PlatformEventResult[]>,
  applyMine: (mine: E[]) => Promise<PlatformEventResult[]>,
): Promise<PlatformEventResult[]> {
  const split = splitBy(events, isMine);
  if (split.mine.length === 0) return next(events);
  const results = new Array<PlatformEventResult>(events.length);
  if (split.others.length > 0)
    (await next(split.others.map((n) => events[n]))).forEach((r, i) => {
      results[split.others[i]] = r;
    });
  const applied = await applyMine(split.mine.map((n) => events[n]));
  split.mine.forEach((n, i) => {
    results[n] = applied[i]!;
  });
  for (const [n, first] of split.echoes) results[n] = { ...results[first], id: events[n].id, status: 'duplicate' };
  return results;
}

/** A row of the SQL appliers (platform_events_apply, game_rounds_apply, provider_rounds_apply, sms_results_apply). */
export interface ResultRow {
  r_status: PlatformEventResult['status'];
  r_code: number | null;
  r_message: string | null;
}

/** The applier's rows as the events' results; `fn` names the applier when it answered the wrong number of rows. */
export function resultsOf(events: readonly { id: string }[], rows: readonly ResultRow[], fn: string): PlatformEventResult[] {
  if (rows.length !== events.length) throw new Error(`${fn} answered ${rows.length} results for ${events.length} events`);
  return rows.map((row, i) => {
    const result: PlatformEventResult = { id: events[i].id, status: row.r_status };
    if (row.r_code !== null) result.code = row.r_code;
    if (row.r_message !== null) result.message = row.r_message;
    return result;
  });
}
