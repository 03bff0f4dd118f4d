/**
 * A small demo seed (330 players, 4 days: the simulator with the staff desk, recharges and
 * cash-outs; a size where every screen has something for partner 1 too) into a test
 * database, then every /usermanager screen, every data report under / and the ground promoters' records through its API: at least one row for every demo
 * role that may see it, and for the partner account (partner 1) wherever it may see the screen.
 * Then a seed cut off half-way through its staff work and started again ends exactly where an
 * uninterrupted one does: no staff action twice, every batch credited once.
 */
import { screenRoles, type Role } from '@console/catalog';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { defaultConfig } from '../config';
import { reconcile } from '../domains/ledger/reconcile';
import { DEMO_PARTNER_FLAG_REASON, seedPartnerCheatFlags } from '../domains/table-games/demo';
import { DEMO_PASSWORD, seedDemoIfEmpty, type DemoPlayers } from '../seed/demo';
import { staffCarrier } from './in-process-staff';
import { databases, type OpenedTestDatabase } from '../test/databases';
import { DEMO_POPULATION } from './population';

const NOW = Date.parse('2026-11-22T10:30:00Z');
const DEMO: DemoPlayers = { players: 330, days: 4, seed: DEMO_POPULATION.seed };
const config = defaultConfig({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: () => NOW });
const RANGE = { from: '2026-11-20T00:00:00+08:00', to: '2026-11-22T23:59:59+08:00' };

type Query = Record<string, string>;
interface Case {
  screen: string;
  url: string;
  query?: Query | ((partner: boolean) => Query);
  /** full catalogue path when not under /usermanager */ path?: string;
}
/** The seed's four days (the data reports' range). */
const REPORT_RANGE = { from: '2026-11-19T00:00:00.000+08:00', to: '2026-11-22T23:59:59.999+08:00' };

/** The rows an answer shows: a list's or report's items, or a figures answer's days with something in them. */
function rows(data: any): number {
  if (Array.isArray(data?.items)) return data.items.length;
  if (Array.isArray(data?.days))
    return data.days.filter((d: Record<string, number>) => Object.entries(d).some(([k, v]) => k !== 'day' && Number(v) > 0)).length;
  return data ? 1 : 0;
}

const staffOperations = (db: OpenedTestDatabase['db']) =>
  sql<{ username: string; operation: string; at: Date; n: string }>`
  SELECT username, operation, at, count(*) AS n FROM operation_log WHERE operation NOT LIKE 'auth.%' GROUP BY 1, 2, 3 ORDER BY 3, 1, 2`.execute(db);

/*
 * On one database: PostgreSQL when the run has it (production's), else PGlite. The seed on PGlite
 * is run whole elsewhere in every run: seed/demo-payments.test.ts seeds this 330 × 4 twice on it
 * and holds it to no refused action, the demo tests share a 400 × 30 (test/demo-snapshot.ts),
 * every browser test's server seeds on it, and e2e/first-minute.test.ts cuts one off and resumes
 * it. On both databases this file took 75 s of a CI worker (2026-12-07).
 */
describe.each(databases().slice(-1))('demo seed: every /usermanager screen shows rows ($kind)', (database) => {
  let opened: OpenedTestDatabase;
  let app: App;
  const tokens = new Map<string, string>();
  const refused: Record<string, unknown>[] = [];
  const ids: Record<string, number | string> = {};
  /** What the seed alone left (before the app and its background jobs ran on it): the cut-off test's reference. */
  let seeded: { operations: Awaited<ReturnType<typeof staffOperations>>['rows']; entries: number };

  const get = async (role: string, url: string, query: Query = {}) => {
    const res = await app.inject({ method: 'GET', url, query, headers: { 'x-token': tokens.get(role)! } });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  beforeAll(async () => {
    opened = await database.open();
    const db = opened.db;
    expect(
      await seedDemoIfEmpty(db, config, {
        ...DEMO,
        log: (message, details) => {
          if (message.includes('refused')) refused.push(details ?? {});
        },
      }),
    ).toBe(true);
    seeded = { operations: (await staffOperations(db)).rows, entries: (await reconcile(db)).entries };
    app = await buildApp({ db, config, batchWorker: false });
    await app.ready();
    for (const role of ['admin', 'secadmin', 'business', 'service', 'serviceleader', 'partner', 'sales', 'groundpromoter']) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: role, password: DEMO_PASSWORD } });
      tokens.set(role, JSON.parse(res.body).accessToken);
    }
    const one = async (q: string) => (await sql<{ v: number | string }>`${sql.raw(q)}`.execute(db)).rows[0]?.v;
    const most = (table: string, partner: number) =>
      one(`SELECT t.uid AS v FROM ${table} t JOIN player p USING (uid) WHERE p.partner = ${partner} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    ids.uid = (await most('player_login', 0))!;
    ids.partnerUid = (await most('player_login', 1))!;
    ids.changed = (await most('player_profile_change', 0))!;
    ids.partnerChanged = (await most('player_profile_change', 1))!;
    ids.inviter = (await one('SELECT inviter_uid AS v FROM player WHERE inviter_uid IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1'))!;
    ids.partnerInviter = (await one(
      'SELECT inviter_uid AS v FROM player WHERE inviter_uid IS NOT NULL AND partner = 1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
    ))!;
    ids.device = (await one("SELECT value AS v FROM ban WHERE kind = 'device' LIMIT 1"))!;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('seeds without a refused action, with the staff work in the operation log', async () => {
    expect(refused).toEqual([]);
    const ops = new Set((await staffOperations(opened.db)).rows.map((r) => r.operation));
    for (const op of ['players.ban', 'usermanager.feedback.reply', 'usermanager.sendgold.create', 'usermanager.sendcash.create']) expect(ops, op).toContain(op);
    expect((await reconcile(opened.db)).differences).toEqual([]);
    // feedback answered and tip-offs judged, as the lists show them
    const handled = async (url: string, statuses: string[]) => {
      let n = 0;
      for (const status of statuses) n += rows((await get('service', url, { status })).body.data);
      return n;
    };
    expect(await handled('/api/usermanager/feedback', ['replied', 'closed'])).toBeGreaterThan(0);
    expect(await handled('/api/usermanager/tipoffs', ['valid', 'invalid'])).toBeGreaterThan(0);
    const batches = await opened.db.selectFrom('issue_batch').select(['status', 'lines', 'sent_lines']).execute();
    for (const b of batches) expect(b).toEqual({ status: 'done', lines: b.lines, sent_lines: b.lines });
  });

  const cases: Case[] = [
    { screen: 'userlist', url: '/api/usermanager/userlist' },
    { screen: 'actives', url: '/api/usermanager/actives' },
    { screen: 'actives', url: '/api/usermanager/actives/days' },
    { screen: 'registers', url: '/api/usermanager/registers' },
    { screen: 'registers', url: '/api/usermanager/registers/days' },
    { screen: 'search', url: '/api/usermanager/search', query: (p) => ({ key: 'uid', value: String(p ? ids.partnerUid : ids.uid) }) },
    { screen: 'badgesearch', url: '/api/usermanager/badgesearch' },
    { screen: 'searchsales', url: '/api/usermanager/searchsales' },
    { screen: 'invite', url: '/api/usermanager/invite/top' },
    { screen: 'invite', url: '/api/usermanager/invite', query: (p) => ({ uid: String(p ? ids.partnerInviter : ids.inviter) }) },
    // created, unpaid recharge orders of every partner's players (domains/recharge/demo.ts)
    { screen: 'createdPaymentLogs', url: '/api/usermanager/createdPaymentLogs' },
    // the cash-out review queues, asked for since the desk's last shift (domains/cashout/demo.ts)
    ...['not_reviewed', 'in_review', 'undetermined'].map((status) => ({ screen: 'cashoutreview', url: '/api/cashout/orders', query: { status } })),
    ...[
      'goldlogs',
      'beanlogs',
      'bonuslogs',
      'moneylogs',
      'giftlogs',
      'banAccountlogs',
      'feedback',
      'tipoffs',
      'usertrace',
      'coindealerlogs',
      'telephonecode',
      'playtokplayer',
    ].map((screen) => ({ screen, url: `/api/usermanager/${screen}` })),
    { screen: 'emoteStat', url: '/api/usermanager/emoteStat' },
    { screen: 'usertrace', url: '/api/usermanager/usertrace/accounts', query: () => ({ device: String(ids.device) }) },
    { screen: 'lostusers', url: '/api/usermanager/lostusers', query: { days: '1' } },
    { screen: 'profitslogs', url: '/api/usermanager/profitslogs', query: RANGE },
    { screen: 'profitslogs', url: '/api/usermanager/profitslogs/days', query: RANGE },
    { screen: 'profitslogs', url: '/api/usermanager/profitslogs/games', query: RANGE },
    { screen: 'gamerecordlogs', url: '/api/usermanager/gamerecordlogs' },
    { screen: 'banediter', url: '/api/players/bans' },
    { screen: 'batchsendgold/sendlogs', url: '/api/usermanager/batchsendgold/sendlogs' },
    { screen: 'batchsendcash/sendcashlogs', url: '/api/usermanager/batchsendcash/sendcashlogs' },
    ...['detail', 'ledger', 'logins'].map((part) => ({
      screen: 'search',
      url: `/api/players/${part}`,
      query: (p: boolean) => ({ uid: String(p ? ids.partnerUid : ids.uid) }),
    })),
    { screen: 'search', url: '/api/players/changes', query: (p) => ({ uid: String(p ? ids.partnerChanged : ids.changed) }) },
    { screen: 'search', url: '/api/players/invitees', query: (p) => ({ uid: String(p ? ids.partnerInviter : ids.inviter) }) },
    // the ground promoters' records (partner 1: its own booth, groundpromoters/demo.ts)
    { screen: 'GroundpromotersRecords', path: '/groundpromoters/GroundpromotersRecords', url: '/api/groundpromoters/records' },
    // the data reports under / (recharges and cash-outs of the simulator, the desk's reviews)
    ...[
      'homepage',
      'homepage/days',
      'payReport',
      'payReport/days',
      'payReport/channels',
      'iosReport',
      'iosReport/days',
      'userReport',
      'userReport/days',
      'paystat',
      'paystat/days',
      'paychannel/summary',
      'paychannel',
      'payoutChannel/summary',
      'payoutChannel',
      'freegive',
      'freegive/days',
      'freegive/reasons',
      'recycle',
      'recycle/days',
    ].map((call) => ({ screen: call.split('/')[0], path: `/${call.split('/')[0]}`, url: `/api/${call}`, query: REPORT_RANGE })),
  ];

  it.each(cases)('$url ($screen)', async ({ screen, url, query, path }) => {
    const roles = screenRoles(path ?? `/usermanager/${screen}`) as Role[];
    const ask = (role: string, partner: boolean) => get(role, url, typeof query === 'function' ? query(partner) : query);
    for (const staff of roles.filter((r) => r !== 'partner' && tokens.has(r))) {
      const answer = await ask(staff, false);
      expect(answer.status, `${staff}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      expect(rows(answer.body.data), `${staff} sees no row`).toBeGreaterThan(0);
    }
    if (roles.includes('partner')) {
      const seen = await ask('partner', true);
      expect(seen.status, JSON.stringify(seen.body).slice(0, 300)).toBe(200);
      expect(rows(seen.body.data), 'partner sees no row').toBeGreaterThan(0);
      // and nothing of another partner
      for (const item of seen.body.data.items ?? []) if (item.partner !== undefined) expect(item.partner).toBe(1);
    }
  });

  it('a player the staff banned or suspended shows it in its detail and ban log', async () => {
    const banned = await opened.db.selectFrom('ban_log').select('value').where('kind', '=', 'account').orderBy('id').executeTakeFirstOrThrow();
    const log = await get('serviceleader', '/api/players/banlog', { uid: banned.value });
    expect(rows(log.body.data)).toBeGreaterThan(0);
  });

  it('a partner whose reported players the desk did not flag gets its most-reported one flagged by security, once', async () => {
    // two reports against the partner's busiest player, one against another of its players
    const other = (await sql<{ uid: number }>`SELECT uid FROM player WHERE partner = 1 AND uid <> ${ids.partnerUid} ORDER BY uid LIMIT 1`.execute(opened.db))
      .rows[0].uid;
    const now = Date.now();
    for (const [i, target] of [ids.partnerUid, ids.partnerUid, other].entries()) {
      await sql`INSERT INTO game_report (app_id, event_id, at, uid, target_uid, partner, game, reason, text)
        VALUES ('demo-app', ${`flag-test-${i}`}, ${new Date(now - (3 - i) * 3_600_000)}, ${ids.uid}, ${target}, 1, 'tongits', 'cheat', '')`.execute(
        opened.owner,
      );
    }
    await sql`DELETE FROM cheat_flag WHERE partner = 1`.execute(opened.owner);
    const staff = await staffCarrier(opened.db, config, DEMO_PASSWORD);
    try {
      const first = await seedPartnerCheatFlags(opened.db, staff, now);
      expect(first.why).toEqual([]);
      expect(first.flagged).toBeGreaterThanOrEqual(1);
      const seen = await get('partner', '/api/tinygames/tongitscheat/permanentcheat');
      expect(seen.body.data.items.map((x: { uid: number; partner: number; reason: string }) => [x.uid, x.partner, x.reason])).toEqual([
        [ids.partnerUid, 1, DEMO_PARTNER_FLAG_REASON],
      ]);
      const log = await sql<{
        username: string;
      }>`SELECT username FROM operation_log WHERE operation = 'tinygames.tongitscheat.permanentcheat.flag' AND target = ${`player:${ids.partnerUid}`}`.execute(
        opened.db,
      );
      expect(log.rows.map((r) => r.username)).toEqual(['secadmin']);
      expect(await seedPartnerCheatFlags(opened.db, staff, now)).toEqual({ flagged: 0, why: [] });
    } finally {
      await staff.close();
    }
  });

  it('a seed cut off during its staff work finishes on the next start, as if never cut', async () => {
    const cut = await database.open();
    try {
      let staffCalls = 0;
      await expect(
        seedDemoIfEmpty(cut.db, config, {
          ...DEMO,
          intercept: (t) => ({
            ...t,
            staff: async (op, at) => {
              if (++staffCalls === 4) throw new Error('power cut');
              return t.staff!(op, at);
            },
          }),
        }),
      ).rejects.toThrow('power cut');
      expect(await seedDemoIfEmpty(cut.db, config, DEMO)).toBe(true);
      expect(await seedDemoIfEmpty(cut.db, config, DEMO)).toBe(false);
      // the same staff work as the uninterrupted seed, each action once, and the same ledger (both
      // taken right after seeding: the app's background jobs and the tests above add to `opened`)
      const resumed = (await staffOperations(cut.db)).rows;
      expect(resumed.map((r) => [r.username, r.operation, new Date(r.at).toISOString(), Number(r.n)])).toEqual(
        seeded.operations.map((r) => [r.username, r.operation, new Date(r.at).toISOString(), Number(r.n)]),
      );
      const b = await reconcile(cut.db);
      expect(b.differences).toEqual([]);
      expect(b.entries).toBe(seeded.entries);
      const batchEntries = async (db: OpenedTestDatabase['db']) =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_entry WHERE reason LIKE 'batch.%'`.execute(db)).rows[0].n);
      expect(await batchEntries(cut.db)).toBe(await batchEntries(opened.db));
    } finally {
      await cut.close();
    }
  }, 240_000);
});
