/**
 * create / update / delete of one kind of versioned item, as staff operations: create is a
 * 409 when the item exists, update and delete a 404 when it does not; each writes a version
 * and the operation log (versions.ts). The body is the item's whole document: a save
 * overwrites (the screen asks first).
 */
import { z } from 'zod';
import { defineOperation, type Operation } from '../http/operation';
import { absent, existing, saveItem, type VersionedItems } from './versions';

interface ItemOperations<Doc, Body extends Doc> {
  items: VersionedItems<Doc>;
  /** '/api/remoteconfig/payControl/channels' → …/create, …/update, …/delete */
  base: string;
  /** Operation name prefix: 'remoteconfig.payControl.channels'. */
  name: string;
  /** Noun in summaries. */
  what: string;
  body: z.ZodType<Body>;
  /** The body of delete: the item's code alone. */
  ref: z.ZodType<Record<string, string>>;
  /** The item's key from a body or a ref. */
  keyOf(body: Record<string, unknown>): string;
  /** Optional: the document stored from a body (default: the body itself). */
  toDoc?(body: Body): Doc;
}

const answer = z.object({ code: z.literal(200), data: z.object({ version: z.number(), doc: z.unknown() }) });

export function itemOperations<Doc, Body extends Doc>(spec: ItemOperations<Doc, Body>): Operation[] {
  const { items, base, name, what } = spec;
  const common = { screen: items.screen, tags: ['remoteconfig'], audit: true as const, response: answer };
  const docOf = (body: Body) => (spec.toDoc ? spec.toDoc(body) : body);
  return [
    defineOperation({
      ...common,
      method: 'POST',
      url: `${base}/create`,
      name: `${name}.create`,
      body: spec.body,
      summary: `Adds a ${what}; 409 when it exists, 409 naming an item it refers to that does not exist`,
      handler: async ({ db, user, now, note, body }) => {
        const key = spec.keyOf(body as Record<string, unknown>);
        const saved = await saveItem({ db, user, now, note }, items, key, 'create', (before) => {
          absent(items, key, before);
          return docOf(body);
        });
        return { code: 200, data: saved };
      },
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${base}/update`,
      name: `${name}.update`,
      body: spec.body,
      summary: `Overwrites a ${what} with the whole document sent; 404 when it does not exist`,
      handler: async ({ db, user, now, note, body }) => {
        const key = spec.keyOf(body as Record<string, unknown>);
        const saved = await saveItem({ db, user, now, note }, items, key, 'update', (before) => {
          existing(items, key)(before);
          return docOf(body);
        });
        return { code: 200, data: saved };
      },
    }),
    defineOperation({
      ...common,
      method: 'POST',
      url: `${base}/delete`,
      name: `${name}.delete`,
      body: spec.ref,
      summary: `Removes a ${what} (its history stays; a restore brings it back); 404 when it does not exist, 409 when still in use`,
      handler: async ({ db, user, now, note, body }) => {
        const key = spec.keyOf(body);
        const saved = await saveItem({ db, user, now, note }, items, key, 'delete', (before) => {
          existing(items, key)(before);
          return null;
        });
        return { code: 200, data: saved };
      },
    }),
  ];
}
