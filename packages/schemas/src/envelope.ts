import { z } from 'zod';

/** Every error answer: a numeric code (HTTP status, -1 for an expired session, 6020x for sign-in) and a message. */
export const errorEnvelope = z.object({ code: z.number().int(), message: z.string() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A choice a form offers (the value sent, the label shown), as the server lists them. */
export const valueLabel = z.object({ value: z.string(), label: z.string() });
export type ValueLabel = z.infer<typeof valueLabel>;

/**
 * What an answer schema's `data` holds: the type the web's call of that operation gets back
 * (`request<AnswerData<typeof cashoutContextAnswer>>`), so the web never copies an answer by hand.
 */
export type AnswerData<S extends z.ZodType> = z.output<S> extends { data: infer D } ? D : never;

// The `data` of the server's list answers, for an endpoint with no answer schema of its own here
// (its route builds the answer around an item schema: apps/server/src/http/list/define.ts, reports/report.ts).

/** A whole list without paging: `{ items }` (e.g. the providers of a group). */
export type ItemsOf<Item> = { items: Item[] };
/** Page mode (`page`/`pageSize`): one page and how many items match the filters. */
export type PageOf<Item> = { items: Item[]; total: number };
/** Keyset mode (`cursor`/`pageSize`): one step and the cursor of the next, null after the last. */
export type CursorPageOf<Item> = { items: Item[]; nextCursor: string | null };
