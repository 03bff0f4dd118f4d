/**
 * /agentcooperation agents on each database: agents made from players through the API, rake in
 * game_player_day (the rake source), the weekly settlement (domain.md's worked example: 500,000 ×
 * 20% + 300,000 × 5% = 115,000 chips → ₱1,150 at ratio 100), paid once into the agent account of
 * the account ledger even when run twice; own play and an IP-sharing invitee earn nothing and the
 * line says so; a rate change applies from its time only; a negative result is carried forward;
 * a closed week refuses changes (409); withdrawable by active invitees; partner scoping; roles;
 * bad input named; the operation log.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { settleDue } from './settlement';

process.env.AGENT_SETTLEMENT_JOB = '0';

const HOUR = 3_600_000;
/** Sunday 2026-11-01 08:00 GMT+8: agents are made; their rates apply from Monday 2026-11-02. */
const MADE = Date.parse('2026-11-01T00:00:00Z');
const WEEK1 = '2026-11-02';
const WEEK2 = '2026-11-09';
const WEEK3 = '2026-11-16';
/** Monday 08:00 GMT+8 after a week. */
const after = (week: string) => Date.parse(`${week}T00:00:00Z`) + 7 * 24 * HOUR;

describe.each(databases())('agents and the weekly settlement on $kind', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const db = () => t.database.db;

  const player = (uid: number, partner: number, inviter: number | null, ip: string, device: string) => ({
    uid,
    name: `P${uid}`,
    register_ip: ip,
    register_device: device,
    registered_at: new Date(MADE - 30 * 24 * HOUR),
    partner,
    inviter_uid: inviter,
  });
  const rake = async (uid: number, day: string, fees: number, game = 'tongits') => {
    await db()
      .insertInto('game_player_day')
      .values({ game, day, uid, partner: 0, rounds: 3, bets: 3, turnover: fees * 20, wins: 0, fees, jackpot: 0 })
      .execute();
  };
  /** Moves the clock (sessions expire when it jumps) and signs everyone in again. */
  const at = async (ms: number) => {
    t.clock.now = ms;
    for (const who of ['business', 'partner', 'service', 'secadmin', 'sales', 'maint']) tokens[who] = await t.loginAs(who);
  };
  const agentBalance = async (uid: number) => {
    const row = await db().selectFrom('ledger_account').select('balance').where('kind', '=', 'agent').where('owner', '=', String(uid)).executeTakeFirst();
    return row ? Number(row.balance) : 0;
  };
  const statement = (week: string, agent: number) =>
    db().selectFrom('agent_rebate').selectAll().where('week', '=', week).where('agent', '=', agent).executeTakeFirstOrThrow();
  const lines = (week: string, agent: number) =>
    db().selectFrom('agent_rebate_line').selectAll().where('week', '=', week).where('agent', '=', agent).orderBy('id').execute();

  beforeAll(async () => {
    t = await testApp(kind);
    // §6: accounts without a partner lose /agentcooperation; business, service, sales, secadmin get one here
    await db().updateTable('console_account').set({ partner: 1 }).where('username', 'in', ['business', 'service', 'secadmin', 'sales']).execute();
    await db()
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // agent 1001 (partner 1): T1 1002, 1003, 1005 (same address as the agent), T2 1004 (via 1002); agent 2001 (partner 2): T1 2002
    await db()
      .insertInto('player')
      .values([
        player(1001, 1, null, '10.0.0.1', 'dev-1001'),
        player(1002, 1, 1001, '10.0.0.2', 'dev-1002'),
        player(1003, 1, 1001, '10.0.0.3', 'dev-1003'),
        player(1004, 1, 1002, '10.0.0.4', 'dev-1004'),
        player(1005, 1, 1001, '10.0.0.1', 'dev-1005'),
        player(2001, 2, null, '10.0.1.1', 'dev-2001'),
        player(2002, 2, 2001, '10.0.1.2', 'dev-2002'),
        player(2003, 2, null, '10.0.1.3', 'dev-2003'),
      ])
      .execute();
    await db()
      .insertInto('player_ip')
      .values([
        { ip: '10.0.0.1', uid: 1001, first_at: new Date(MADE), last_at: new Date(MADE) },
        { ip: '10.0.0.1', uid: 1005, first_at: new Date(MADE), last_at: new Date(MADE) },
      ])
      .execute();
    await at(MADE);
  });
  afterAll(async () => t?.close());

  it('makes agents from players (t1 + t2 ≤ rate, partner scoping, roles, bad input named)', async () => {
    const make = (body: Record<string, unknown>, who = 'business') => t.post('/api/agentcooperation/agents/create', body, tokens[who]);
    const bad = await make({ uid: 1001, rate: 2000, t1: 1800, t2: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/t2/);
    expect((await make({ uid: 1001, rate: 'x', t1: 1, t2: 1 })).body.message).toMatch(/rate/);
    expect((await make({ uid: 1001, rate: 2500, t1: 2000, t2: 500 }, 'service')).status).toBe(403);
    expect((await make({ uid: 1001, rate: 2500, t1: 2000, t2: 500 }, 'maint')).status).toBe(403);
    // the partner account (partner 1) cannot make an agent of partner 2's player
    const other = await make({ uid: 2001, rate: 2500, t1: 2000, t2: 500 }, 'partner');
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/^uid/);
    const a = await make({ uid: 1001, name: 'Agent Ana', rate: 2500, t1: 2000, t2: 500 }, 'partner');
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect((await make({ uid: 1001, rate: 2500, t1: 2000, t2: 500 })).status).toBe(409);
    expect((await make({ uid: 2001, rate: 2000, t1: 2000, t2: 0 })).status).toBe(200);
    expect((await make({ uid: 999_999, rate: 2000, t1: 2000, t2: 0 })).status).toBe(400);

    const list = await t.get('/api/agentcooperation/agents', tokens.business);
    expect(list.body.data.items.map((x: { uid: number }) => x.uid).sort()).toEqual([1001, 2001]);
    expect(list.body.data.items.find((x: { uid: number }) => x.uid === 1001)).toMatchObject({
      name: 'Agent Ana',
      rate: 2500,
      t1: 2000,
      t2: 500,
      partner: 1,
      t1Invitees: 3,
    });
    const own = await t.get('/api/agentcooperation/agents', tokens.partner);
    expect(own.body.data.items.map((x: { uid: number }) => x.uid)).toEqual([1001]);
    expect((await t.post('/api/agentcooperation/agents/status', { uid: 2001, status: 'suspended', reason: 'x' }, tokens.partner)).status).toBe(404);
    const log = await db()
      .selectFrom('operation_log')
      .select(['operation', 'username', 'after'])
      .where('operation', '=', 'agentcooperation.agents.create')
      .where('result', '=', 'ok')
      .execute();
    expect(log).toHaveLength(2);
  });

  it('settles a week: the worked example, own play and an IP-sharing invitee earn nothing and say so, paid once', async () => {
    // week 1 (Mon 2 – Sun 8 Nov): T1 1002 300,000 + 1003 200,000 = 500,000; T2 1004 300,000; 1005 shares the agent's address; own play
    await rake(1002, '2026-11-02', 200_000);
    await rake(1002, '2026-11-05', 100_000);
    await rake(1003, '2026-11-08', 200_000);
    await rake(1004, '2026-11-03', 300_000);
    await rake(1005, '2026-11-04', 100_000);
    await rake(1001, '2026-11-04', 50_000);
    // agent 2001: 10,000 rake at 20% = 2,000, and a clawback of 5,000: a negative result carried forward
    await rake(2002, '2026-11-06', 10_000);
    await at(Date.parse('2026-11-03T00:00:00Z'));
    const claw = await t.post('/api/agentcooperation/rebates/adjust', { uid: 2001, amount: -5_000, reason: 'Farm found in October' }, tokens.business);
    expect(claw.status, JSON.stringify(claw.body)).toBe(200);
    expect(claw.body.data.week).toBe(WEEK1);
    expect((await t.post('/api/agentcooperation/rebates/adjust', { uid: 2001, amount: 0, reason: 'x' }, tokens.business)).body.message).toMatch(
      /^body.amount|amount/,
    );
    expect((await t.post('/api/agentcooperation/rebates/adjust', { uid: 2001, amount: 5, reason: 'x' }, tokens.partner)).status).toBe(403);

    // not before the week ends (the week the agents were made in, 26 Oct – 1 Nov, has ended: it settles with nothing)
    await at(Date.parse('2026-11-08T15:59:00Z'));
    expect((await settleDue(db(), new Date(t.clock.now))).computed.map((w) => w.week)).toEqual(['2026-10-26']);
    expect(Number((await statement('2026-10-26', 1001)).total)).toBe(0);
    expect((await statement('2026-10-26', 1001)).reason).toBe('no rake from invitees');
    await at(after(WEEK1));
    const run = await t.post('/api/agentcooperation/settlements/run', {}, tokens.business);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.weeks.map((w: { week: string }) => w.week)).toEqual([WEEK1]);

    const s = await statement(WEEK1, 1001);
    expect(Number(s.t1_rake)).toBe(500_000);
    expect(Number(s.t1_amount)).toBe(100_000);
    expect(Number(s.t2_rake)).toBe(300_000);
    expect(Number(s.t2_amount)).toBe(15_000);
    expect(Number(s.total)).toBe(115_000);
    expect(Number(s.amount)).toBe(115_000); // centavos: ₱1,150.00
    expect(Number(s.own_rake)).toBe(50_000);
    expect(Number(s.excluded_rake)).toBe(100_000);
    expect(s.status).toBe('settled');
    expect(await agentBalance(1001)).toBe(115_000);
    const l = await lines(WEEK1, 1001);
    expect(l.find((x) => x.invitee === 1005)).toMatchObject({ kind: 't1', status: 'voided', reason: 'shared ip' });
    expect(Number(l.find((x) => x.invitee === 1005)!.amount)).toBe(0);
    expect(l.find((x) => x.kind === 'own')).toMatchObject({ invitee: 1001, status: 'voided', reason: 'own play' });
    expect(l.filter((x) => x.status === 'settled').map((x) => [x.kind, x.invitee, Number(x.amount)])).toEqual(
      expect.arrayContaining([
        ['t1', 1002, 60_000],
        ['t1', 1003, 40_000],
        ['t2', 1004, 15_000],
      ]),
    );
    // 2 active T1 invitees (1005 shares the address): below the default 5, not withdrawable
    expect(s).toMatchObject({ active_invitees: 2, withdrawable: false });

    const b = await statement(WEEK1, 2001);
    expect(Number(b.t1_amount)).toBe(2_000);
    expect(Number(b.adjustments)).toBe(-5_000);
    expect(Number(b.total)).toBe(-3_000);
    expect(Number(b.carry_out)).toBe(-3_000);
    expect(Number(b.amount)).toBe(0);
    expect(b).toMatchObject({ status: 'settled', reason: 'negative result carried forward' });
    expect(await agentBalance(2001)).toBe(0);

    // run twice (and once more through the job's function): nothing changes
    const entries = async () =>
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM account_entry WHERE reason = 'agent.rebate'`.execute(db())).rows[0].n);
    expect(await entries()).toBe(2); // the agent's credit and the issuance side
    const again = await t.post('/api/agentcooperation/settlements/run', {}, tokens.secadmin);
    expect(again.body.data).toMatchObject({ weeks: [], paid: 0 });
    await settleDue(db(), new Date(t.clock.now));
    expect(await entries()).toBe(2);
    expect(await agentBalance(1001)).toBe(115_000);
    const runs = await db().selectFrom('agent_settlement_run').selectAll().where('week', '=', WEEK1).execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', paid: 1 });
  });

  it('a closed week refuses changes (409); corrections go into the next week', async () => {
    const closed = await t.post('/api/agentcooperation/rebates/adjust', { uid: 2001, amount: 100, reason: 'late', week: WEEK1 }, tokens.business);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/closed/);
    const claw = await db().selectFrom('agent_rebate_line').select('id').where('kind', '=', 'adjustment').where('week', '=', WEEK1).executeTakeFirstOrThrow();
    expect((await t.post('/api/agentcooperation/rebates/void', { id: Number(claw.id), reason: 'mistake' }, tokens.business)).status).toBe(409);
    // the database refuses it too, whoever asks
    await expect(db().updateTable('agent_rebate').set({ total: 1 }).where('week', '=', WEEK1).execute()).rejects.toMatchObject({ code: 'CN409' });
    const next = await t.post('/api/agentcooperation/rebates/adjust', { uid: 2001, amount: 100, reason: 'Correction of week 1' }, tokens.business);
    expect(next.status).toBe(200);
    expect(next.body.data.week).toBe(WEEK2);
    // a pending adjustment of the open week can be voided (once)
    const voided = await t.post('/api/agentcooperation/rebates/void', { id: next.body.data.id, reason: 'Entered twice' }, tokens.business);
    expect(voided.status).toBe(200);
    expect((await t.post('/api/agentcooperation/rebates/void', { id: next.body.data.id, reason: 'again' }, tokens.business)).status).toBe(409);
  });

  it('a rate change applies from its time only, never backwards', async () => {
    await at(Date.parse('2026-11-10T02:00:00Z')); // Tuesday 10:00 GMT+8
    const past = await t.post(
      '/api/agentcooperation/agents/rate',
      { uid: 1001, effectiveAt: '2026-11-10T00:00:00+08:00', rate: 2500, t1: 1000, t2: 500 },
      tokens.business,
    );
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/effectiveAt/);
    const tooHigh = await t.post(
      '/api/agentcooperation/agents/rate',
      { uid: 1001, effectiveAt: '2026-11-12T00:00:00+08:00', rate: 1000, t1: 1000, t2: 500 },
      tokens.business,
    );
    expect(tooHigh.body.message).toMatch(/t2/);
    const change = await t.post(
      '/api/agentcooperation/agents/rate',
      { uid: 1001, effectiveAt: '2026-11-12T00:00:00+08:00', rate: 2500, t1: 1000, t2: 500 },
      tokens.partner,
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const rates = await t.get('/api/agentcooperation/agents/rates', tokens.business, { uid: '1001' });
    expect(rates.body.data.items.map((r: { t1: number; state: string }) => [r.t1, r.state])).toEqual([
      [1000, 'scheduled'],
      [2000, 'current'],
    ]);
    expect((await t.get('/api/agentcooperation/agents/rates', tokens.business)).status).toBe(400);
    // 100,000 before the change (20%) and 100,000 after (10%); rake of the change's own day at the new rate
    await rake(1002, '2026-11-11', 100_000);
    await rake(1002, '2026-11-12', 100_000);
    await db().updateTable('agent_settings').set({ min_active_invitees: 1 }).where('id', '=', 1).execute();
    await at(after(WEEK2));
    await settleDue(db(), new Date(t.clock.now));
    const s = await statement(WEEK2, 1001);
    expect(Number(s.t1_rake)).toBe(200_000);
    expect(Number(s.t1_amount)).toBe(30_000);
    expect(s).toMatchObject({ active_invitees: 1, withdrawable: true });
    expect(await agentBalance(1001)).toBe(145_000);
    const agent = await db().selectFrom('agent').selectAll().where('uid', '=', 1001).executeTakeFirstOrThrow();
    expect(agent).toMatchObject({ withdrawable: true, active_invitees: 1 });
    // week 1's statement is unchanged
    expect(Number((await statement(WEEK1, 1001)).t1_amount)).toBe(100_000);
  });

  it('carries a negative result until it is covered; a suspended agent earns nothing that week', async () => {
    // agent 2001 carried -3,000 into week 2 and earned nothing in it: still -3,000
    const w2 = await statement(WEEK2, 2001);
    expect(Number(w2.carried_in)).toBe(-3_000);
    expect(Number(w2.carry_out)).toBe(-3_000);
    await rake(2002, '2026-11-17', 20_000); // 4,000 at 20%
    await rake(1002, '2026-11-17', 10_000);
    const suspend = await t.post('/api/agentcooperation/agents/status', { uid: 1001, status: 'suspended', reason: 'Under review' }, tokens.business);
    expect(suspend.status).toBe(200);
    await at(after(WEEK3));
    await settleDue(db(), new Date(t.clock.now));
    const w3 = await statement(WEEK3, 2001);
    expect(Number(w3.total)).toBe(1_000);
    expect(Number(w3.amount)).toBe(1_000);
    expect(await agentBalance(2001)).toBe(1_000);
    const a3 = await statement(WEEK3, 1001);
    expect(a3).toMatchObject({ status: 'voided', reason: 'agent suspended' });
    expect((await lines(WEEK3, 1001)).every((x) => x.status === 'voided' && x.reason === 'agent suspended')).toBe(true);
    expect(await agentBalance(1001)).toBe(145_000);
    expect((await t.post('/api/agentcooperation/agents/status', { uid: 1001, status: 'active', reason: 'Cleared' }, tokens.business)).status).toBe(200);
  });

  it('lists lines, T1 details, statements and payout batches, partner-scoped, with exports', async () => {
    const lineItems = async (who: string, query: Record<string, string> = {}) => {
      const res = await t.get('/api/agentcooperation/rebates/lines', tokens[who], query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.items as Record<string, any>[];
    };
    expect((await lineItems('business')).some((x) => x.agent === 2001)).toBe(true);
    expect((await lineItems('partner')).every((x) => x.partner === 1)).toBe(true);
    expect((await lineItems('business', { status: 'voided', week: WEEK1 })).map((x) => x.reason).sort()).toEqual(['own play', 'shared ip']);
    const t1 = await t.get('/api/agentcooperation/rebates/t1', tokens.service, { agent: '1001', week: WEEK1 });
    expect(t1.body.data.items.map((x: any) => [x.invitee, x.inviteeName, x.base, x.amount])).toEqual([
      [1002, 'P1002', 300_000, 60_000],
      [1003, 'P1003', 200_000, 40_000],
      [1005, 'P1005', 100_000, 0],
    ]);
    const rebates = await t.get('/api/agentcooperation/rebates', tokens.partner);
    expect(rebates.body.data.items.every((x: any) => x.agent === 1001)).toBe(true);
    expect(rebates.body.data.items).toHaveLength(4);
    const runs = await t.get('/api/agentcooperation/settlements', tokens.business, { partner: '1' });
    expect(runs.body.data.items.map((r: any) => [r.week, r.paid, r.paidAmount])).toEqual([
      [WEEK3, 0, 0],
      [WEEK2, 1, 30_000],
      [WEEK1, 1, 115_000],
      ['2026-10-26', 0, 0],
    ]);
    const partnerRuns = await t.get('/api/agentcooperation/settlements', tokens.partner);
    expect(partnerRuns.body.data.items.every((r: any) => r.partner === 1)).toBe(true);
    const csv = await t.app.inject({ method: 'GET', url: '/api/agentcooperation/rebates/export', headers: { 'x-token': tokens.partner } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('1001');
    expect(csv.body).not.toContain('2001');
    expect((await t.get('/api/agentcooperation/rebates/lines', tokens.business, { kind: 'bogus' })).body.message).toMatch(/kind/);
    expect((await t.get('/api/agentcooperation/rebates', tokens.maint)).status).toBe(403);
  });

  it('keeps the settlement setting with the operation log', async () => {
    expect((await t.post('/api/agentcooperation/settings/save', { minActiveInvitees: 3 }, tokens.partner)).status).toBe(403);
    expect((await t.post('/api/agentcooperation/settings/save', { minActiveInvitees: -1 }, tokens.business)).body.message).toMatch(/minActiveInvitees/);
    const saved = await t.post('/api/agentcooperation/settings/save', { minActiveInvitees: 3 }, tokens.business);
    expect(saved.body.data.minActiveInvitees).toBe(3);
    expect((await t.get('/api/agentcooperation/settings', tokens.sales)).body.data.minActiveInvitees).toBe(3);
    const ops = (await db().selectFrom('operation_log').select('operation').where('operation', 'like', 'agentcooperation.%').execute()).map((r) => r.operation);
    for (const op of [
      'agentcooperation.agents.create',
      'agentcooperation.agents.rate',
      'agentcooperation.agents.status',
      'agentcooperation.rebates.adjust',
      'agentcooperation.rebates.void',
      'agentcooperation.settings.save',
      'agentcooperation.settlements.run',
    ])
      expect(ops, op).toContain(op);
  });

  it('lists an agent once with the balance of its latest rate currency, the total counting agents', async () => {
    // an agent once paid in another currency keeps that commission account too
    const peso = await agentBalance(1001);
    await db().insertInto('ledger_account').values({ kind: 'agent', owner: '1001', partner: 1, currency: 'usd', balance: 7 }).execute();
    const list = await t.get('/api/agentcooperation/agents', tokens.business, { pageSize: '50' });
    expect(list.body.data.items.filter((x: { uid: number }) => x.uid === 1001)).toHaveLength(1);
    expect(list.body.data.total).toBe(list.body.data.items.length);
    expect(list.body.data.items.find((x: { uid: number }) => x.uid === 1001)).toMatchObject({ currency: 'PHP', balance: peso });
    const named = await t.get('/api/agentcooperation/agents', tokens.business, { name: 'Ana' });
    expect(named.body.data).toMatchObject({ total: 1, items: [{ uid: 1001 }] });
    expect((await t.get('/api/agentcooperation/agents', tokens.partner)).body.data.total).toBe(1);
  });
});
