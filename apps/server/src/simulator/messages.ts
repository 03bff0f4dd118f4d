/**
 * Messages in the demo: the demo staff send personal messages through the
 * broadcast screen's own call (their sessions, roles, daily chip limits and the operation
 * log), the delivery job runs, and the simulated apps read announcements and inboxes and send
 * message.read and message.claimed events through the signed platform API, hours after each
 * send; some claims come after the attachment expired and are refused, as in life.
 * Deterministic (its own random source; event ids from the message ids), so a seed run again
 * answers `duplicate` and changes nothing. Hooked after the backfill in seed/demo.ts.
 */
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { startMessageJobs } from '../domains/messages/jobs';
import { sign } from './transport';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoSend {
  by: string;
  daysBefore: number;
  prefab: string;
  target: Record<string, unknown> | 'payers20' | 'onePayer';
  attachment?: { currency: 'chip' | 'bean' | 'diamond'; amount: number };
  expiresInDays: number;
}

export const DEMO_SENDS: DemoSend[] = [
  {
    by: 'business',
    daysBefore: 12,
    prefab: 'Top-up delay',
    target: { kind: 'segment', segment: { paying: true } },
    attachment: { currency: 'chip', amount: 3_000 },
    expiresInDays: 3,
  },
  {
    by: 'business',
    daysBefore: 6,
    prefab: 'Maintenance compensation',
    target: { kind: 'segment', segment: {} },
    attachment: { currency: 'chip', amount: 2_000 },
    expiresInDays: 7,
  },
  {
    by: 'secadmin',
    daysBefore: 4,
    prefab: 'We miss you',
    target: { kind: 'segment', segment: { inactiveDays: 7 } },
    attachment: { currency: 'chip', amount: 5_000 },
    expiresInDays: 14,
  },
  {
    by: 'partner',
    daysBefore: 3,
    prefab: 'Club welcome',
    target: { kind: 'segment', segment: {} },
    attachment: { currency: 'bean', amount: 500 },
    expiresInDays: 30,
  },
  { by: 'business', daysBefore: 2, prefab: 'VIP birthday', target: 'payers20', attachment: { currency: 'diamond', amount: 5_000 }, expiresInDays: 7 },
  { by: 'business', daysBefore: 1, prefab: 'Top-up delay', target: 'onePayer', expiresInDays: 7 },
];

/** A small deterministic random source (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface MessageTraffic {
  sends: number;
  inboxReads: number;
  reads: number;
  claims: number;
  refused: number;
  seconds: number;
}

export async function seedMessageTraffic(
  db: Db,
  config: ServerConfig,
  password: string,
  end: number,
  app: { appId: string; secret: string } = { appId: 'demo-app', secret: 'demo-platform-secret' },
): Promise<MessageTraffic> {
  let clock = end;
  const server = await buildApp({ db, config: { ...config, now: () => clock, webDist: undefined }, batchWorker: false });
  await server.ready();
  const started = Date.now();
  const traffic: MessageTraffic = { sends: 0, inboxReads: 0, reads: 0, claims: 0, refused: 0, seconds: 0 };
  const json = async (method: 'GET' | 'POST', url: string, payload: string, headers: Record<string, string>) => {
    const res = await server.inject(
      method === 'GET'
        ? { method, url: payload ? `${url}?${payload}` : url, headers }
        : { method, url, payload, headers: { ...headers, 'content-type': 'application/json' } },
    );
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, any>) : {} };
  };
  const signed = (method: 'GET' | 'POST', url: string, payload: string) => {
    const ts = String(clock);
    return json(method, url, payload, { 'x-app-id': app.appId, 'x-timestamp': ts, 'x-signature': sign(app.secret, ts, payload) });
  };
  try {
    const random = rng(20261125);
    const payers = (await db.selectFrom('recharge_first_paid').select('uid').orderBy('uid').limit(20).execute()).map((r) => r.uid);
    const prefabs = await db.selectFrom('message_prefab').selectAll().execute();
    const tokens = new Map<string, string>();
    // a short history has no send from before its players came
    const first = await db
      .selectFrom('player')
      .select((eb) => eb.fn.min('registered_at').as('at'))
      .executeTakeFirst();
    const since = first?.at ? new Date(first.at).getTime() + DAY : end;
    for (const send of DEMO_SENDS) {
      const at = Math.floor((end - send.daysBefore * DAY) / HOUR) * HOUR + 9 * HOUR;
      if (at < since || at > end) continue;
      clock = at;
      const done = await db
        .selectFrom('operation_log')
        .select('id')
        .where('operation', '=', 'messages.broadcast.send')
        .where('username', '=', send.by)
        .where('at', '=', new Date(at))
        .executeTakeFirst();
      if (done) continue;
      const prefab = prefabs.find((p) => p.name === send.prefab);
      if (!prefab) continue;
      const target =
        send.target === 'payers20' ? { kind: 'list', uids: payers.join(' ') } : send.target === 'onePayer' ? { kind: 'uid', uid: payers[0] } : send.target;
      if ((send.target === 'payers20' && payers.length === 0) || (send.target === 'onePayer' && payers[0] === undefined)) continue;
      if (!tokens.has(send.by)) {
        const login = await json('POST', '/api/login', JSON.stringify({ username: send.by, password }), {});
        if (login.body.code !== 200) throw new Error(`demo messages: ${send.by} cannot sign in`);
        tokens.set(send.by, login.body.accessToken as string);
      }
      const res = await json(
        'POST',
        '/api/messages/broadcast/send',
        JSON.stringify({
          target,
          prefabId: prefab.id,
          titleEn: prefab.title_en,
          titleZh: prefab.title_zh,
          contentEn: prefab.content_en,
          contentZh: prefab.content_zh,
          attachment: send.attachment,
          expiresInDays: send.expiresInDays,
        }),
        { 'x-token': tokens.get(send.by)! },
      );
      tokens.delete(send.by); // a session per send: the next is days later
      if (res.status !== 200) {
        traffic.refused += 1;
        continue;
      }
      traffic.sends += 1;
      await startMessageJobs(db, () => new Date(at));
    }
    // the apps: announcements at start-up, then inboxes, reads and claims hours after each send
    clock = end;
    for (const pkg of ['com.demo', 'com.demo.lite', 'com.demo.partner1']) await signed('GET', '/api/platform/messages/announcements', `package=${pkg}`);
    const sends = await db.selectFrom('message_send').select(['id', 'created_at', 'amount']).where('source', '=', 'broadcast').orderBy('id').execute();
    for (const s of sends) {
      const sentAt = new Date(s.created_at).getTime();
      const copies = await db
        .selectFrom('player_message')
        .select(['id', 'uid'])
        .where('send_id', '=', s.id)
        .where('read_at', 'is', null)
        .orderBy('id')
        .limit(250)
        .execute();
      // one app call per six-hour slot after the send, carrying that slot's events in order
      const slots = new Map<number, { id: string; type: string; at: string; data: Record<string, unknown> }[]>();
      for (const c of copies) {
        if (random() > 0.7) continue;
        const readAt = Math.min(end - 1, sentAt + Math.floor(random() * 72 * HOUR));
        const slot = Math.min(end, Math.ceil(readAt / (6 * HOUR)) * 6 * HOUR);
        const list = slots.get(slot) ?? [];
        const data = { uid: c.uid, messageId: Number(c.id) };
        list.push({ id: `demo-msg-read-${Number(c.id)}`, type: 'message.read', at: new Date(readAt).toISOString(), data });
        if (s.amount !== null && random() < 0.8)
          list.push({ id: `demo-msg-claim-${Number(c.id)}`, type: 'message.claimed', at: new Date(readAt).toISOString(), data });
        slots.set(slot, list);
      }
      for (const [slot, events] of [...slots.entries()].sort((a, b) => a[0] - b[0])) {
        clock = slot;
        for (const uid of [...new Set(events.map((e) => e.data.uid as number))].slice(0, 10)) {
          await signed('GET', '/api/platform/messages/inbox', `uid=${uid}`);
          traffic.inboxReads += 1;
        }
        for (let i = 0; i < events.length; i += 1000) {
          const res = await signed('POST', '/api/platform/messages/events', JSON.stringify({ events: events.slice(i, i + 1000) }));
          for (const [n, r] of ((res.body.data?.results ?? []) as { status: string }[]).entries()) {
            const type = events[i + n].type;
            if (r.status === 'applied') {
              if (type === 'message.read') traffic.reads += 1;
              else traffic.claims += 1;
            }
            if (r.status === 'rejected') traffic.refused += 1;
          }
        }
      }
    }
    traffic.seconds = Math.round((Date.now() - started) / 100) / 10;
    return traffic;
  } finally {
    await server.close();
  }
}
