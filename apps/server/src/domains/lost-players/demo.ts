/**
 * Lost-player retrieval in the demo. Campaigns need players, so nothing is seeded
 * with the platform (`seedLostPlayers`); after the simulated history, `seedLostPlayerCampaigns`
 * has the demo staff send campaigns through the screen's own call (their sessions, roles,
 * daily chip limits, the operation log) on days of the history, the messages job delivers
 * them, and the simulated apps answer through the signed platform API: about a quarter of the
 * players reached come back (a player.login hours to days later), 85% of those claim the
 * reward at once (message.claimed, within its expiry), a third recharge ₱100 or ₱200 by GCash
 * (order and paid callback). Deterministic (shares of the message id; event and request ids
 * from it): a seed run again finds its campaigns (same sender, same moment) and every call
 * answers as a duplicate.
 */
import { sql } from 'kysely';
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { sign } from '../../simulator/transport';
import { startMessageJobs } from '../messages/jobs';
import { refreshCampaigns } from './refresh';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A stable share (0..99) of a message id: who comes back, claims, pays. */
const share = (id: number, salt: number) => {
  let h = Math.imul((id ^ Math.imul(salt, 0x9e3779b9)) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % 100;
};

interface DemoCampaign {
  by: string;
  daysBefore: number;
  name: string;
  segment: Record<string, unknown>;
  reward: number;
  expiresInDays: number;
}

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  { by: 'business', daysBefore: 20, name: 'Week-away win-back', segment: { inactiveDays: 7 }, reward: 2_000, expiresInDays: 7 },
  { by: 'business', daysBefore: 12, name: 'Second partner win-back', segment: { inactiveDays: 5, partner: 2 }, reward: 3_000, expiresInDays: 7 },
  { by: 'partner', daysBefore: 9, name: 'Club members back', segment: { inactiveDays: 7 }, reward: 1_000, expiresInDays: 7 },
  { by: 'business', daysBefore: 6, name: 'Never-paid nudge', segment: { inactiveDays: 4, paying: false }, reward: 1_500, expiresInDays: 5 },
  { by: 'business', daysBefore: 2, name: 'Weekend reminder', segment: { inactiveDays: 14 }, reward: 0, expiresInDays: 3 },
];

const TEXTS = {
  titleEn: 'We miss you, {name}!',
  titleZh: '{name}，我们想你了！',
  contentEn: '<p>Your table is waiting. Log in and claim <b>{amount}</b> before {date}.</p>',
  contentZh: '<p>牌桌在等你。登录领取 <b>{amount}</b>，截止 {date}。</p>',
};

export interface CampaignTraffic {
  campaigns: number;
  skipped: number;
  refused: number;
  actions: number;
  claims: number;
  recharges: number;
  why: string[];
}

export async function seedLostPlayerCampaigns(
  db: Db,
  config: ServerConfig,
  password: string,
  end: number,
  app: { appId: string; secret: string } = { appId: 'demo-app', secret: 'demo-platform-secret' },
): Promise<CampaignTraffic> {
  let clock = end;
  const server = await buildApp({ db, config: { ...config, now: () => clock, webDist: undefined }, batchWorker: false });
  await server.ready();
  const traffic: CampaignTraffic = { campaigns: 0, skipped: 0, refused: 0, actions: 0, claims: 0, recharges: 0, why: [] };
  const json = async (url: string, payload: string, headers: Record<string, string>) => {
    const res = await server.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': 'application/json' } });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, any>) : {} };
  };
  try {
    const first = await db
      .selectFrom('player')
      .select((eb) => eb.fn.min('registered_at').as('at'))
      .executeTakeFirst();
    const since = first?.at ? new Date(first.at).getTime() + 7 * DAY : end;
    for (const c of DEMO_CAMPAIGNS) {
      const at = Math.floor((end - c.daysBefore * DAY) / HOUR) * HOUR + 10 * HOUR;
      if (at < since || at > end) continue;
      const done = await db.selectFrom('lost_campaign').select('id').where('created_by', '=', c.by).where('created_at', '=', new Date(at)).executeTakeFirst();
      if (done) continue;
      clock = at;
      const login = await json('/api/login', JSON.stringify({ username: c.by, password }), {});
      if (login.body.code !== 200) throw new Error(`demo campaigns: ${c.by} cannot sign in`);
      // as the screen does: preview first; a short history may have nobody that long away
      const token = { 'x-token': login.body.accessToken as string };
      const preview = await json('/api/loseuser/campaigns/preview', JSON.stringify({ segment: c.segment, reward: c.reward || undefined }), token);
      if (preview.status !== 200 || preview.body.data.players === 0) {
        traffic.skipped += 1;
        continue;
      }
      const res = await json(
        '/api/loseuser/campaigns/send',
        JSON.stringify({
          name: c.name,
          segment: c.segment,
          ...TEXTS,
          reward: c.reward || undefined,
          expiresInDays: c.expiresInDays,
        }),
        token,
      );
      if (res.status !== 200) {
        traffic.refused += 1;
        traffic.why.push(`${c.name}: ${res.status} ${String(res.body.message)}`);
        continue;
      }
      traffic.campaigns += 1;
      await startMessageJobs(db, () => new Date(at));
    }
    // the apps: some reached players come back (a login through the events call) hours to days
    // later; most of those claim the reward at once, and some recharge within the hour
    const { rows } = await sql<{
      id: string | number;
      uid: number;
      reached: Date;
      expires: Date;
      reward: string | number;
      ip: string | null;
      device: string | null;
    }>`
      SELECT m.id, m.uid, m.created_at AS reached, s.expires_at AS expires, c.reward, p.login_ip AS ip, p.login_device AS device
      FROM lost_campaign c JOIN message_send s ON s.id = c.send_id JOIN player_message m ON m.send_id = s.id JOIN player p ON p.uid = m.uid
      ORDER BY m.id`.execute(db);
    type Action = { at: number; run: () => Promise<boolean> };
    const actions: Action[] = [];
    const signed = (url: string, body: unknown) => {
      const payload = JSON.stringify(body);
      const ts = String(clock);
      return json(url, payload, { 'x-app-id': app.appId, 'x-timestamp': ts, 'x-signature': sign(app.secret, ts, payload) });
    };
    for (const r of rows) {
      const id = Number(r.id);
      if (share(id, 1) >= 24) continue;
      const back = new Date(r.reached).getTime() + (6 + ((share(id, 2) * 97) % 90)) * HOUR;
      if (back > end - HOUR) continue;
      const deviceId = r.device ?? `demo-device-${r.uid}`;
      actions.push({
        at: back,
        run: async () =>
          (
            await signed('/api/platform/events', {
              events: [
                { id: `demo-lost-back-${id}`, type: 'player.login', at: new Date(back).toISOString(), data: { uid: r.uid, ip: r.ip ?? '10.1.0.1', deviceId } },
              ],
            })
          ).status === 200,
      });
      if (Number(r.reward) > 0 && share(id, 3) < 85 && back + 5 * 60_000 < new Date(r.expires).getTime()) {
        actions.push({
          at: back + 5 * 60_000,
          run: async () => {
            const res = await signed('/api/platform/messages/events', {
              events: [
                { id: `demo-lost-claim-${id}`, type: 'message.claimed', at: new Date(back + 5 * 60_000).toISOString(), data: { uid: r.uid, messageId: id } },
              ],
            });
            const ok = res.body.data?.results?.[0]?.status === 'applied';
            if (ok) traffic.claims += 1;
            return ok;
          },
        });
      }
      if (share(id, 4) < 35) {
        const price = share(id, 5) < 60 ? 10_000 : 20_000;
        const paidAt = back + (20 + share(id, 6)) * 60_000;
        actions.push({
          at: paidAt,
          run: async () => {
            const order = await signed('/api/platform/recharge/orders', {
              requestId: `demo-lost-${id}`,
              uid: r.uid,
              productId: `php${price / 100}`,
              channel: 'gcash',
              price,
              os: 'android',
            });
            if (order.status !== 200) return false;
            const orderId = order.body.data.orderId as string;
            clock += 90_000;
            const paid = await signed('/api/platform/recharge/callback', { orderId, channelOrderId: `GCASH-LOST-${id}`, amount: price, status: 'paid' });
            if (paid.status === 200) traffic.recharges += 1;
            return paid.status === 200;
          },
        });
      }
    }
    for (const a of actions.sort((x, y) => x.at - y.at)) {
      clock = a.at;
      if (await a.run()) traffic.actions += 1;
    }
    // outcomes as of the end of the history (a screen refreshes them again when read)
    const ids = (await db.selectFrom('lost_campaign').select('id').execute()).map((r) => r.id);
    await refreshCampaigns(db, ids, new Date(end));
    return traffic;
  } finally {
    await server.close();
  }
}
