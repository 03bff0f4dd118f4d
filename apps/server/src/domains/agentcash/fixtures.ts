/** Test helpers of /agentcash: agents written directly (H3's agent table), commission credited from the issuance account. For tests only. */
import type { Db } from '../../db/open';
import { ensureAccount, issuanceAccount, moveBetweenAccounts } from '../ledger/accounts';
import { addPlayer, FIXTURE_AT } from '../players/fixtures';

export async function addAgent(
  db: Db,
  a: { uid: number; partner?: number; commission?: number; withdrawable?: boolean; activeInvitees?: number },
): Promise<number> {
  const partner = a.partner ?? 0;
  await addPlayer(db, { uid: a.uid, partner });
  await db
    .insertInto('agent')
    .values({
      uid: a.uid,
      partner,
      name: `agent${a.uid}`,
      created_at: FIXTURE_AT,
      created_by: 'test',
      updated_at: FIXTURE_AT,
      withdrawable: a.withdrawable ?? true,
      active_invitees: a.activeInvitees ?? 6,
    })
    .execute();
  return db.transaction().execute(async (trx) => {
    const account = await ensureAccount(trx, 'agent', String(a.uid), partner, 'php');
    if (a.commission) {
      await moveBetweenAccounts(trx, (await issuanceAccount(trx, 'php')).id, account.id, a.commission, {
        reason: 'test.commission',
        actor: 'system:test',
        at: FIXTURE_AT,
      });
    }
    return account.id;
  });
}

export const commission = async (db: Db, uid: number) =>
  (await db.selectFrom('ledger_account').select('balance').where('kind', '=', 'agent').where('owner', '=', String(uid)).executeTakeFirstOrThrow()).balance;

let sequence = 0;
export const agentRequest = (body: { uid: number; amount: number; channel?: string; requestId?: string }) => ({
  requestId: body.requestId ?? `ag-${process.pid}-${(sequence += 1)}`,
  uid: body.uid,
  channel: body.channel ?? 'gcash',
  amount: body.amount,
  account: '09171234567',
});
