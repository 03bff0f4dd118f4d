/**
 * What the redemption-code screens list: the batches, a batch's codes and every redemption (with
 * the player's name and the batch's), and the filters of those lists that need SQL of their own.
 */
import { queryInt, text } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { custom } from '../../http/list';
import type { FilterBuilder } from '../../http/list/filters';
import { batchColumns } from './batches';
import { normaliseCode } from './codes';

/** Every batch: the batch list's rows. */
export const batches = (db: Db) => db.selectFrom('cdk_batch as b').select([...batchColumns]);

/** Every code with its uses: the codes list's rows (the `batch` filter required). */
export const batchCodes = (db: Db) => db.selectFrom('cdk_code as c').select(['c.id', 'c.batch_id', 'c.code', 'c.uses', 'c.max_uses', 'c.last_at']);

/** Every redemption with the player's name and the batch's: the redemptions list's rows. */
export const redemptionsWithNames = (db: Db) =>
  db
    .selectFrom('cdk_redemption as r')
    .innerJoin('cdk_batch as b', 'b.id', 'r.batch_id')
    .leftJoin('player as p', 'p.uid', 'r.uid')
    .select([
      'r.id',
      'r.uid',
      'p.name',
      'r.partner',
      'r.batch_id',
      'b.name as batch_name',
      'r.code',
      'r.currency',
      'r.amount',
      'r.device',
      'r.phone',
      'r.gcash',
      'r.app_id',
      'r.at',
    ]);

/** `code`: what a player typed, normalised as a redemption normalises it (anything else matches nothing). */
export const codeFilter: FilterBuilder = custom(text(64), (v) => {
  const c = normaliseCode(String(v));
  return c ? sql<SqlBool>`r.code = ${c}` : sql<SqlBool>`false`;
});

/** `batch` (required: a batch's codes). */
export const batchFilter: FilterBuilder = (name) => ({
  params: { [name]: queryInt(1, 2_147_483_647).optional() },
  where: (v) => (v[name] === undefined ? undefined : sql<SqlBool>`c.batch_id = ${v[name]}`),
  check: (v) => (v[name] === undefined ? { param: name, message: 'Required' } : undefined),
});

/** `used`: true, the codes used at least once; false, those never used. */
export const usedFilter: FilterBuilder = custom(z.enum(['true', 'false'], { message: 'Must be true or false' }), (v) =>
  v === 'true' ? sql<SqlBool>`c.uses > 0` : sql<SqlBool>`c.uses = 0`,
);
