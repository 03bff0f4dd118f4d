/**
 * Editing the daily issue limits of the §6 permission groups (admin, on the sendgold screen):
 * one row per group with its chip and cash (centavos) limits. A group without a row issues
 * nothing of that currency; saving writes both rows.
 */
import type { IssueLimitRow, UpdateIssueLimitBody } from '@console/schemas';
import type { Db } from '../../db/open';
import type { OperationNote } from '../../http/operation';
import { PERMISSION_GROUP_NAMES } from './limits';

export async function listIssueLimits(db: Db): Promise<IssueLimitRow[]> {
  const rows = await db.selectFrom('issue_limit').selectAll().execute();
  const of = (group: string, currency: string) => rows.find((r) => r.permission_group === group && r.currency === currency)?.daily_limit ?? 0;
  return PERMISSION_GROUP_NAMES.map((group) => ({ group, chip: of(group, 'chip'), withdrawable: of(group, 'withdrawable') }));
}

export async function updateIssueLimit(db: Db, body: UpdateIssueLimitBody, note: OperationNote): Promise<IssueLimitRow> {
  const before = (await listIssueLimits(db)).find((r) => r.group === body.group)!;
  for (const currency of ['chip', 'withdrawable'] as const) {
    await db
      .insertInto('issue_limit')
      .values({ permission_group: body.group, currency, daily_limit: body[currency] })
      .onConflict((oc) => oc.columns(['permission_group', 'currency']).doUpdateSet({ daily_limit: body[currency] }))
      .execute();
  }
  const after = { group: body.group, chip: body.chip, withdrawable: body.withdrawable };
  note.target = `issue_limit:${body.group}`;
  note.before = before;
  note.after = after;
  return after;
}
