/**
 * The activities in the demo. Nothing before the players exist; after the
 * simulated history, through the real calls of an app built for the seed whose clock moves:
 *   - the demo `admin` saves the settings of relief, sprintcarnival, ladderloserebate,
 *     luckyrush, telephonelogin, onlinesign, mining, cardstask, newearnmoney and redfission on
 *     their configs screens (GET the settings in force, POST …/configs/update) 28 days before
 *     the end: budgets the demo spends part of (never all of a day's or of the total), the sprint
 *     carnival's 7 days from five days before the end's day, Tongits tasks the demo's card
 *     players reach, a red packet one or two friends fill. 8 days later it saves sprintcarnival,
 *     ladderloserebate, mining and cardstask again (richer milestones, a fourth step, a faster
 *     mine, bigger chests): before any app read them (a save resets the current period's
 *     unfinished progress: nobody's is lost) and before the carnival starts, so their
 *     configlogs hold two versions. An activity added to the registry runs on its defaults
 *     until it has settings here; the apps claim from it all the same. Then it saves the
 *     activity zone (every activity shown, in the app's order, with a banner each);
 *   - on each of the last 14 days, a sample of that day's active players (the day's payers
 *     first, then a stable share of the others: SAMPLE a day) open their activities screen
 *     minutes after their play, signed as demo-app, and claim every reached tier
 *     (simulator/activities.ts): the day's check-in, the phone reward, sprint milestones, the
 *     rebate of a day they lost on… The engine reads a player's balance and phone as they are
 *     now, so relief is claimed only on the player's last day of the history (its balance then
 *     is the one it holds now) and the phone reward only once the phone was bound;
 *   - the lucky rush: the history's payers do not sit down after paying, so up to two sampled
 *     players a day who had not paid that day top up ₱100 by GCash (order and paid callback)
 *     minutes before a sitting whose first hour stakes three times that, and claim the box
 *     when their app opens after play;
 *   - the inviters (demo-invites.ts): on the day an invitee starts to count for redfission
 *     (a new phone and device, its rounds) or newearnmoney (a bound phone and a first recharge
 *     of ₱100, some of them the traffic's own first top-ups), its inviter opens the app
 *     minutes later and claims the packet once full, the invitee's ₱10, and the next day the
 *     commission on its invitees' bets.
 * Deterministic (samples and moments are shares of uid and day); run again (a cut-off seed
 * finished) the saves and top-ups are found at their moments and every claim was made:
 * the apps see the tiers claimed, a repeated claim answers the first payment; nothing is paid
 * twice. About 20–25 s on PGlite at the default size (2,000 players, 30 days; 11 activities in
 * the registry): ~280 reads, each computing every activity's facts, and ~850 claims.
 */
import { ACTIVITIES, dayOf, dayStart } from '@console/activities';
import { sql } from 'kysely';
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { newActivityStats, openActivities } from '../../simulator/activities';
import { injectCarrier, SignedClient } from '../../simulator/transport';
import { share } from '../../seed/demo-console';
import { INVITE_PREFIX, INVITE_TOP_UP, planInvites, ruleOf } from './demo-invites';
import { configKind, type ZoneDocument } from './routes';
import { addDays, dayStartIso } from '@console/time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days of the history with app traffic, and players a day whose app opens the screen (the seed's time grows with both). */
export const TRAFFIC_DAYS = 14;
export const SAMPLE = 20;
/** The lucky rush's top-ups: ₱100 (php100, GCash), at most two a day. */
const RUSH_TOP_UP = 10_000;
const RUSHES_A_DAY = 2;
/** Their requestIds (the history's own payments are told apart by it: a seed run again picks the same players). */
const RUSH_PREFIX = 'demo-rush-';

/**
 * What the admin saves (centavos): the first save of each activity, and the second of two.
 * Budgets: the demo's traffic spends a share of each (the dashboards' budget use) and never
 * all of a day's or of the total.
 */
export function demoSettings(end: number): { first: Record<string, Record<string, unknown>>; second: Record<string, Record<string, unknown>> } {
  const carnival = addDays(dayOf(new Date(end)), -5);
  const window = { startAt: dayStartIso(carnival), endAt: dayStartIso(addDays(carnival, 7)) };
  return {
    first: {
      relief: { threshold: 1_000, amount: 2_000, perDay: 3, gapMinutes: 10, phoneRequired: true, totalBudget: 50_000, dailyBudget: 10_000, playerCap: 0 },
      sprintcarnival: {
        ...window,
        totalBudget: 50_000,
        dailyBudget: 15_000,
        playerCap: 30_000,
        milestones: [
          { bet: 10_000, reward: 100 },
          { bet: 50_000, reward: 600 },
          { bet: 200_000, reward: 3_000 },
          { bet: 1_000_000, reward: 18_000 },
        ],
      },
      ladderloserebate: {
        steps: [
          { loss: 1_000, rate: 3 },
          { loss: 5_000, rate: 5 },
          { loss: 50_000, rate: 8 },
        ],
        cap: 10_000,
        totalBudget: 200_000,
        dailyBudget: 40_000,
        playerCap: 50_000,
      },
      luckyrush: {
        minDeposit: 10_000,
        minutes: 60,
        betMultiple: 3,
        minPercent: 5,
        maxPercent: 30,
        boxCap: 5_000,
        totalBudget: 30_000,
        dailyBudget: 10_000,
        playerCap: 0,
      },
      telephonelogin: { amount: 1_000, totalBudget: 500_000, dailyBudget: 25_000, playerCap: 0 },
      onlinesign: {
        days: [200, 300, 400, 500, 600, 800, 3_000].map((quantity) => ({ currency: 'chip', quantity })),
        resetOnMiss: true,
        totalBudget: 250_000,
        dailyBudget: 10_000,
        playerCap: 0,
      },
      mining: { orePerHour: 12, fullHours: 8, vipBonusPercent: 10, chipsPer100Ore: 100, minOre: 10, totalBudget: 200_000, dailyBudget: 10_000, playerCap: 0 },
      // the demo's card players play a few Tongits rounds a sitting: tasks they reach (Pusoy's wait for its tables)
      cardstask: {
        tasks: [
          { game: 'tongits', kind: 'play', count: 2, points: 10 },
          { game: 'tongits', kind: 'play', count: 5, points: 15 },
          { game: 'tongits', kind: 'win', count: 1, points: 15 },
          { game: 'tongits', kind: 'win', count: 3, points: 20 },
          { game: 'pusoy', kind: 'play', count: 3, points: 20 },
          { game: 'pusoy', kind: 'win', count: 2, points: 20 },
        ],
        chests: [
          { points: 20, reward: 300 },
          { points: 40, reward: 800 },
          { points: 80, reward: 2_000 },
        ],
        totalBudget: 100_000,
        dailyBudget: 10_000,
        playerCap: 0,
      },
      newearnmoney: { perInvitee: 1_000, minFirstDeposit: 10_000, betRate: 0.5, totalBudget: 100_000, dailyBudget: 10_000, playerCap: 0 },
      // a packet from 90–95% full, each friend adding half of what is missing and at least ₱7: one or two friends a day fill it
      redfission: { target: 10_000, startMin: 90, startMax: 95, minStep: 700, minRounds: 3, totalBudget: 200_000, dailyBudget: 30_000, playerCap: 0 },
    },
    second: {
      sprintcarnival: {
        milestones: [
          { bet: 10_000, reward: 200 },
          { bet: 50_000, reward: 800 },
          { bet: 200_000, reward: 3_500 },
          { bet: 1_000_000, reward: 20_000 },
        ],
      },
      ladderloserebate: {
        steps: [
          { loss: 1_000, rate: 3 },
          { loss: 5_000, rate: 5 },
          { loss: 50_000, rate: 8 },
          { loss: 200_000, rate: 10 },
        ],
        cap: 20_000,
      },
      mining: { orePerHour: 15, vipBonusPercent: 15 },
      cardstask: {
        chests: [
          { points: 20, reward: 500 },
          { points: 40, reward: 1_000 },
          { points: 80, reward: 2_500 },
        ],
      },
    },
  };
}

/** The zone's banners (an activity added to the registry shows its name until it has one here). */
const BANNERS: Record<string, { en: string; zh: string }> = {
  onlinesign: { en: 'Sign in 7 days in a row: ₱30 on the seventh', zh: '连续签到7天，第7天领₱30' },
  sprintcarnival: { en: 'Sprint carnival: bet and unlock up to ₱200', zh: '冲刺嘉年华：投注解锁最高₱200' },
  luckyrush: { en: 'Top up ₱100 and play: open a lucky box', zh: '充值₱100并游戏，开启幸运宝箱' },
  ladderloserebate: { en: 'A bad day? Up to 10% of it back tomorrow', zh: '手气不佳？次日返还最高10%' },
  redfission: { en: 'Your red packet is almost full: invite a friend', zh: '红包即将集满，邀请好友来助力' },
  newearnmoney: { en: 'Invite friends: ₱10 each and a share of their bets', zh: '邀请好友：每人₱10，另享投注佣金' },
  telephonelogin: { en: 'Bind your phone: ₱10 at once', zh: '绑定手机，立得₱10' },
  mining: { en: 'Your mine fills every hour: collect the ore', zh: '矿仓每小时累积，快来收矿' },
  cardstask: { en: 'Tongits tasks: open three chests a day', zh: 'Tongits任务：每天开启三个宝箱' },
  rebacklogin: { en: 'Welcome back: 7 days of gifts', zh: '欢迎回归：7天好礼' },
  relief: { en: 'Out of chips? Take a relief grant', zh: '筹码不足？领取救济金' },
};
/**
 * The app's order of the zone: relief first (a player out of chips sees it before anything else,
 * and claims it before other rewards lift the balance over its threshold), then the daily ones.
 */
const ZONE_ORDER = [
  'relief',
  'onlinesign',
  'sprintcarnival',
  'luckyrush',
  'redfission',
  'newearnmoney',
  'ladderloserebate',
  'cardstask',
  'mining',
  'telephonelogin',
  'rebacklogin',
];

/** The activity zone the demo admin saves: every activity of the registry shown, in ZONE_ORDER (others after it), with a banner. */
export function demoZone(): ZoneDocument {
  const rank = (id: string) => (ZONE_ORDER.includes(id) ? ZONE_ORDER.indexOf(id) : ZONE_ORDER.length);
  return {
    items: [...ACTIVITIES]
      .sort((a, b) => rank(a.id) - rank(b.id))
      .map((a, i) => ({
        activity: a.id,
        visible: true,
        order: (i + 1) * 10,
        banner: BANNERS[a.id] ?? { en: a.name.en, zh: a.name.zh },
      })),
  };
}

export type ActivityTraffic = {
  saves: number;
  /** Saves of the activity zone. */
  zone: number;
  /** Recharges paid minutes before a sitting (the lucky rush's deposits). */
  topUps: number;
  /** Invitees' first top-ups, and the inviters' visits to the activities screen (demo-invites.ts). */
  inviteTopUps: number;
  inviterVisits: number;
  reads: number;
  /** Paid claims by activity. */
  claims: Record<string, number>;
  /** Claims answered with their first payment (a seed run again). */
  repeated: number;
  /** Refused claims by activity and message ('onlinesign: Device already rewarded'). */
  refused: Record<string, number>;
  seconds: number;
};

export async function seedActivityTraffic(
  db: Db,
  config: ServerConfig,
  password: string,
  end: number,
  app: { appId: string; secret: string } = { appId: 'demo-app', secret: 'demo-platform-secret' },
): Promise<ActivityTraffic> {
  const started = Date.now();
  let clock = end;
  const server = await buildApp({ db, config: { ...config, now: () => clock, webDist: undefined }, batchWorker: false });
  await server.ready();
  const stats = newActivityStats();
  let saves = 0;
  let zone = 0;
  let topUps = 0;
  let inviteTopUps = 0;
  let inviterVisits = 0;
  try {
    const staff = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
      const res = await server.inject({
        method,
        url,
        ...(body === undefined ? {} : { payload: body as object }),
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { 'x-token': token } : {}) },
      });
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> };
    };
    // the admin's saves: each activity's configs screen a minute after the other
    const { first, second } = demoSettings(end);
    const round = (at: number, patches: Record<string, Record<string, unknown>>) =>
      Object.keys(patches).map((id, i) => ({ id, at: at + i * MINUTE, patch: patches[id] }));
    const saveDay = (back: number) => dayStart(dayOf(new Date(end - back * DAY))).getTime();
    let token: { value: string; at: number } | undefined;
    for (const s of [...round(saveDay(28) + 10.5 * HOUR, first), ...round(saveDay(20) + 11 * HOUR, second)]) {
      if (s.at >= end) continue;
      const done = await db.selectFrom('config_version').select('id').where('kind', '=', configKind(s.id)).where('at', '=', new Date(s.at)).executeTakeFirst();
      if (done) continue;
      clock = s.at;
      // signed in for this sitting at the screens (a session of the day before has lapsed)
      if (!token || s.at - token.at > HOUR)
        token = { value: (await staff('POST', '/api/login', { username: 'admin', password })).body.accessToken as string, at: s.at };
      const current = await staff('GET', `/api/activities/${s.id}/configs`, undefined, token.value);
      const saved = await staff('POST', `/api/activities/${s.id}/configs/update`, { settings: { ...current.body.data?.settings, ...s.patch } }, token.value);
      if (saved.status !== 200) throw new Error(`demo activities: saving ${s.id}: ${saved.status} ${String(saved.body.message)}`);
      saves += 1;
    }
    // the activity zone: every activity shown, in the order of the app's screen, with its banners (saved once)
    const zoneAt = saveDay(28) + 12 * HOUR;
    if (
      zoneAt < end &&
      !(await db.selectFrom('config_version').select('id').where('kind', '=', configKind('activityzone')).where('at', '=', new Date(zoneAt)).executeTakeFirst())
    ) {
      clock = zoneAt;
      token = { value: (await staff('POST', '/api/login', { username: 'admin', password })).body.accessToken as string, at: zoneAt };
      await staff('GET', '/api/activities/activityzone', undefined, token.value);
      const saved = await staff('POST', '/api/activities/activityzone/update', { zone: demoZone() }, token.value);
      if (saved.status !== 200) throw new Error(`demo activities: saving the activity zone: ${saved.status} ${String(saved.body.message)}`);
      zone += 1;
    }

    // the apps: who opens the screen on which day, and when (minutes after the day's last bet or login)
    const players = new Map(
      (
        await sql<{ uid: number; bound: Date | string | null; last: string }>`
      SELECT p.uid, p.phone_bound_at AS bound, (SELECT max(d.day) FROM player_active_day d WHERE d.uid = p.uid)::text AS last
      FROM player p`.execute(db)
      ).rows.map((r) => [r.uid, { bound: r.bound ? new Date(r.bound).getTime() : null, last: r.last }]),
    );
    const client = new SignedClient(injectCarrier(server), {
      ...app,
      now: () => clock,
      setClock: (at) => {
        clock = at;
      },
      attempts: 1,
    });
    const rush = first.luckyrush as { minDeposit: number; minutes: number; betMultiple: number };
    const lastDay = dayOf(new Date(end - 1));
    /** `read`: the player's app reads its activities (and claims); else a payment of the player. */
    const steps: { at: number; uid: number; read: boolean; run: () => Promise<unknown> }[] = [];
    // the inviters' visits (demo-invites.ts): planned first, their inviters left out of the day's sample
    const plan = await planInvites(
      db,
      Array.from({ length: TRAFFIC_DAYS }, (_, k) => addDays(lastDay, k - TRAFFIC_DAYS + 1)),
      end,
      {
        redfission: ruleOf('redfission', first.redfission),
        newearnmoney: ruleOf('newearnmoney', first.newearnmoney),
        minRounds: Number((first.redfission as { minRounds: number }).minRounds),
      },
    );
    const visiting = new Set(plan.visits.map((v) => `${v.inviter}:${v.day}`));
    for (const t of plan.topUps) {
      steps.push({
        at: t.at,
        uid: t.uid,
        read: false,
        run: async () => {
          if (
            await db
              .selectFrom('recharge_order')
              .select('id')
              .where('app_id', '=', app.appId)
              .where('request_id', '=', t.requestId)
              .where('status', '=', 'paid')
              .executeTakeFirst()
          )
            return;
          const answer = await client.payment(
            {
              op: 'recharge',
              requestId: t.requestId,
              uid: t.uid,
              productId: `php${INVITE_TOP_UP / 100}`,
              channel: 'gcash',
              price: INVITE_TOP_UP,
              os: 'android',
              callbacks: [{ after: 70_000, status: 'paid', amount: INVITE_TOP_UP, channelOrderId: `GCASH-${t.requestId.toUpperCase()}` }],
            },
            t.at,
          );
          if (answer.code === 200) inviteTopUps += 1;
        },
      });
    }
    const device = new Map(
      (
        await db
          .selectFrom('player')
          .select(['uid', 'login_ip', 'login_device', 'register_ip', 'register_device'])
          .where('uid', 'in', [0, ...new Set(plan.visits.map((v) => v.inviter))])
          .execute()
      ).map((r) => [r.uid, { ip: r.login_ip ?? r.register_ip, deviceId: r.login_device ?? r.register_device }]),
    );
    for (const v of plan.visits) {
      const p = players.get(v.inviter);
      const d = device.get(v.inviter);
      if (!d?.ip || !d.deviceId) continue;
      steps.push({
        at: v.at,
        uid: v.inviter,
        read: true,
        run: async () => {
          // the inviter opens the app (a login), then the activities screen: never relief (its balance is read as it is now)
          await client.events(
            [
              {
                id: `${INVITE_PREFIX}login-${v.inviter}-${v.at}`,
                type: 'player.login',
                at: new Date(v.at - MINUTE).toISOString(),
                data: { uid: v.inviter, ip: d.ip, deviceId: d.deviceId },
              },
            ],
            v.at - MINUTE,
          );
          inviterVisits += 1;
          await openActivities(client, v.inviter, v.at, stats, (a) => {
            if (a.activity === 'relief') return false;
            if (a.activity === 'telephonelogin') return p?.bound != null && p.bound <= v.at;
            return true;
          });
        },
      });
    }
    for (let back = TRAFFIC_DAYS - 1; back >= 0; back--) {
      const day = addDays(lastDay, -back);
      const from = dayStart(day);
      const to = new Date(Math.min(from.getTime() + DAY, end));
      if (to <= from) continue;
      const { rows } = await sql<{ uid: number; first_bet: Date | string | null; bet_at: Date | string | null; login_at: Date | string | null; paid: boolean }>`
        SELECT a.uid,
          (SELECT min(g.at) FROM game_bet g WHERE g.uid = a.uid AND g.at >= ${from} AND g.at < ${to}) AS first_bet,
          (SELECT max(g.at) FROM game_bet g WHERE g.uid = a.uid AND g.at >= ${from} AND g.at < ${to}) AS bet_at,
          (SELECT max(l.at) FROM player_login l WHERE l.uid = a.uid AND l.at >= ${from} AND l.at < ${to}) AS login_at,
          EXISTS (SELECT 1 FROM recharge_order r WHERE r.uid = a.uid AND r.status = 'paid' AND r.paid_at >= ${from} AND r.paid_at < ${to}
            AND r.request_id NOT LIKE ${`${RUSH_PREFIX}%`} AND r.request_id NOT LIKE ${`${INVITE_PREFIX}%`}) AS paid
        FROM player_active_day a WHERE a.day = ${day}::date`.execute(db);
      const dayNo = Math.round(from.getTime() / DAY);
      // the day's payers first (a deposit may have started a lucky rush), then a stable share of the others
      const sample = rows
        .filter((r) => (r.bet_at || r.login_at) && !visiting.has(`${r.uid}:${day}`))
        .sort((a, b) => Number(b.paid) - Number(a.paid) || share(a.uid, dayNo) - share(b.uid, dayNo) || a.uid - b.uid)
        .slice(0, SAMPLE);
      // the lucky rush banner: a few who had not paid that day top up ₱100 by GCash minutes before a
      // sitting whose first hour stakes the multiple of it (their rush; the box is claimed after play)
      const unpaid = sample.filter((r) => !r.paid && r.first_bet && new Date(r.first_bet).getTime() - 5 * MINUTE > from.getTime());
      const staked =
        unpaid.length === 0
          ? []
          : (
              await sql<{ uid: number; bet: unknown }>`
        SELECT g.uid, sum(g.bet) AS bet FROM game_bet g JOIN (SELECT uid, min(at) AS first FROM game_bet WHERE uid = ANY(${sql.val(unpaid.map((r) => r.uid))}::int[])
          AND at >= ${from} AND at < ${to} GROUP BY uid) f ON f.uid = g.uid AND g.at >= f.first AND g.at < f.first + ${rush.minutes} * interval '1 minute'
        GROUP BY g.uid`.execute(db)
            ).rows;
      const rushers = staked
        .filter((r) => Number(r.bet) >= rush.betMultiple * RUSH_TOP_UP)
        .sort((a, b) => share(a.uid, dayNo + 2) - share(b.uid, dayNo + 2) || a.uid - b.uid)
        .slice(0, RUSHES_A_DAY);
      for (const r of rushers) {
        const at = new Date(unpaid.find((u) => u.uid === r.uid)!.first_bet!).getTime() - 4 * MINUTE;
        const id = `${RUSH_PREFIX}${r.uid}-${day}`;
        steps.push({
          at,
          uid: r.uid,
          read: false,
          run: async () => {
            // paid already (a seed run again); an order cut off before its callback is sent again (the same requestId: the same order)
            if (
              await db
                .selectFrom('recharge_order')
                .select('id')
                .where('app_id', '=', app.appId)
                .where('request_id', '=', id)
                .where('status', '=', 'paid')
                .executeTakeFirst()
            )
              return;
            const answer = await client.payment(
              {
                op: 'recharge',
                requestId: id,
                uid: r.uid,
                productId: `php${RUSH_TOP_UP / 100}`,
                channel: 'gcash',
                price: RUSH_TOP_UP,
                os: 'android',
                callbacks: [{ after: 70_000, status: 'paid', amount: RUSH_TOP_UP, channelOrderId: `GCASH-${id.toUpperCase()}` }],
              },
              at,
            );
            if (answer.code === 200) topUps += 1;
          },
        });
      }
      // the screen opens minutes after play, before the day ends (a claim names its period) and before the end of the history
      const latest = Math.min(from.getTime() + DAY - 10 * MINUTE, end - 5 * MINUTE);
      for (const r of sample) {
        const played = Math.max(r.bet_at ? new Date(r.bet_at).getTime() : 0, r.login_at ? new Date(r.login_at).getTime() : 0);
        const at = Math.min(played + (2 + (share(r.uid, dayNo + 1) % 40)) * MINUTE, latest);
        if (at <= from.getTime()) continue;
        const p = players.get(r.uid);
        steps.push({
          at,
          uid: r.uid,
          read: true,
          run: () =>
            openActivities(client, r.uid, at, stats, (a) => {
              if (a.activity === 'relief') return p?.last === day;
              if (a.activity === 'telephonelogin') return p?.bound != null && p.bound <= at;
              return true;
            }),
        });
      }
    }
    // The engine reads an invitee's first recharge as it is now, so an inviter's app must not read
    // before a recharge of the traffic by one of its invitees: a seed run again would see it there
    // (a valid invitee, a commission) where the first run did not. Its earlier reads are left out.
    const paying = new Map<number, number>();
    for (const st of steps) if (!st.read) paying.set(st.uid, Math.min(paying.get(st.uid) ?? Infinity, st.at));
    const waits = new Map<number, number>();
    if (paying.size) {
      for (const r of await db
        .selectFrom('player')
        .select(['uid', 'inviter_uid'])
        .where('uid', 'in', [...paying.keys()])
        .where('inviter_uid', 'is not', null)
        .execute()) {
        waits.set(r.inviter_uid!, Math.min(waits.get(r.inviter_uid!) ?? Infinity, paying.get(r.uid)!));
      }
    }
    const due = steps.filter((st) => !st.read || !(st.at < (waits.get(st.uid) ?? -Infinity)));
    for (const step of due.sort((a, b) => a.at - b.at || a.uid - b.uid)) await step.run();
  } finally {
    await server.close();
  }
  const claims = Object.fromEntries(ACTIVITIES.map((a) => [a.id, stats.claims[a.id]?.applied ?? 0]));
  const repeated = Object.values(stats.claims).reduce((n, c) => n + (c?.duplicate ?? 0), 0);
  const refused = Object.fromEntries([...stats.refusals].sort((a, b) => b[1] - a[1]).map(([key, n]) => [key.replace(/ \d+ /, ': '), n]));
  return {
    saves,
    zone,
    topUps,
    inviteTopUps,
    inviterVisits,
    reads: stats.reads,
    claims,
    repeated,
    refused,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
