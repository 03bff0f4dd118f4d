/**
 * /messages on each database: a send's preview and delivery job, the inbox, read and claim
 * events (a claim sent 100 times, 50 at once, credits once; an expired one never), roles and
 * partner scope, announcements live per package with ETag, and the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient, type PlatformClient } from '../../test/platform';
import { seedPaymentConfig } from '../payment-config/demo';
import { advanceSend, startMessageJobs } from './jobs';
import { audienceOf, cleanTexts, createMessageSend } from './sends';

describe.each(databases())('messages on $kind', (kind) => {
  let t: TestApp;
  let p: PlatformClient;
  let business: string;
  let partner: string;
  let seq = 0;
  const ev = (type: string, data: Record<string, unknown>, id = `m-${process.pid}-${(seq += 1)}`) => ({
    id,
    type,
    at: new Date(t.clock.now).toISOString(),
    data,
  });
  const events = (list: ReturnType<typeof ev>[]) => p.post('/api/platform/messages/events', { events: list });
  const inbox = async (uid: number) => (await p.get('/api/platform/messages/inbox', `uid=${uid}`)).body.data.items as Record<string, any>[];
  const balance = async (uid: number) => (await p.get('/api/platform/wallet/balance', `uid=${uid}`)).body.data.balances as Record<string, number>;
  const send = async (body: Record<string, unknown>, token = business) => {
    const res = await t.post('/api/messages/broadcast/send', { titleEn: 'Hello {name}', contentEn: '<p>Gift: {amount}</p>', expiresInDays: 7, ...body }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await startMessageJobs(t.database.db, () => new Date(t.clock.now));
    return res.body.data as { id: number; planned: number };
  };

  beforeAll(async () => {
    t = await testApp(kind);
    await t.database.db
      .insertInto('partner')
      .values([
        { id: 1, name: 'Demo Partner' },
        { id: 2, name: 'Second' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    p = await platformClient(t);
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
    for (let uid = 7001; uid <= 7010; uid++) await p.register(uid, { name: `P${uid}`, partner: uid <= 7005 ? 1 : 2 });
    business = await t.loginAs('business');
    partner = await t.loginAs('partner');
  });
  afterAll(async () => t?.close());

  it('previews a segment before sending, delivers through the job, and a partner reaches its own players only', async () => {
    const preview = await t.post(
      '/api/messages/broadcast/preview',
      { target: { kind: 'segment', segment: { partner: 2 } }, attachment: { currency: 'bean', amount: 50 } },
      business,
    );
    expect(preview.body.data).toMatchObject({ players: 5, exposure: 250 });
    const list = await t.post('/api/messages/broadcast/preview', { target: { kind: 'list', uids: '7001, 7006\n99999' } }, partner);
    expect(list.body.data).toMatchObject({ players: 1, unknownUids: [7006, 99999] });
    const sent = await send({ target: { kind: 'segment', segment: {} } }, partner);
    expect(sent.planned).toBe(5);
    const progress = await t.get('/api/messages/broadcast/progress', partner, { id: String(sent.id) });
    expect(progress.body.data).toMatchObject({ status: 'done', planned: 5, delivered: 5 });
    expect((await inbox(7006)).find((m) => m.messageId && m.title === 'Hello P7006')).toBeUndefined();
    expect((await inbox(7001))[0]).toMatchObject({ title: 'Hello P7001', state: 'unread', attachment: null });
    // the business account does not see the partner's send in a partner-scoped way; the partner does not see others'
    const other = await send({ target: { kind: 'uid', uid: 7006 } });
    expect((await t.get('/api/messages/broadcast/progress', partner, { id: String(other.id) })).status).toBe(404);
    const log = await t.database.db.selectFrom('operation_log').select(['operation', 'target']).where('operation', '=', 'messages.broadcast.send').execute();
    expect(log.map((l) => l.target)).toEqual(expect.arrayContaining([`message_send:${sent.id}`, `message_send:${other.id}`]));
  });

  it('a claim sent 100 times, 50 at once, credits the attachment once', async () => {
    const sent = await send({ target: { kind: 'uid', uid: 7002 }, attachment: { currency: 'diamond', amount: 300 } });
    const message = (await inbox(7002)).find((m) => m.attachment?.currency === 'diamond')!;
    expect(message.title).toBe('Hello P7002');
    expect(message.content).toBe('<p>Gift: 3.00 diamonds</p>');
    const before = (await balance(7002)).diamond;
    const claimOnce = (id?: string) => events([ev('message.claimed', { uid: 7002, messageId: message.messageId }, id)]);
    const first = await Promise.all(Array.from({ length: 50 }, () => claimOnce()));
    const rest = await Promise.all(Array.from({ length: 50 }, (_, i) => claimOnce(i % 2 ? 'same-claim' : undefined)));
    const statuses = [...first, ...rest].map((r) => r.body.data.results[0].status);
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
    expect((await balance(7002)).diamond).toBe(before + 300);
    const entries = await t.database.db.selectFrom('ledger_entry').select('delta').where('uid', '=', 7002).where('reason', '=', 'message.claim').execute();
    expect(entries.map((e) => Number(e.delta))).toEqual([300]);
    expect((await inbox(7002)).find((m) => m.messageId === message.messageId)!.state).toBe('claimed');
    const progress = await t.get('/api/messages/broadcast/progress', business, { id: String(sent.id) });
    expect(progress.body.data).toMatchObject({ claimed: 1, claimedAmount: 300, read: 1 });
  });

  it('an expired attachment is never credited; read is kept once; unknown messages and bad data are rejected', async () => {
    await send({ target: { kind: 'uid', uid: 7003 }, attachment: { currency: 'chip', amount: 1000 }, expiresInDays: 1 });
    const message = (await inbox(7003))[0];
    const read = await events([ev('message.read', { uid: 7003, messageId: message.messageId })]);
    expect(read.body.data.results[0].status).toBe('applied');
    t.clock.advance(86_400_000 + 1);
    const before = (await balance(7003)).chip;
    const res = await events([
      ev('message.claimed', { uid: 7003, messageId: message.messageId }),
      ev('message.claimed', { uid: 7004, messageId: message.messageId }),
      ev('message.claimed', { uid: 7003, messageId: '1' }),
      ev('message.opened', { uid: 7003, messageId: 1 }),
    ]);
    expect(res.body.data.results.map((r: any) => [r.status, r.code])).toEqual([
      ['rejected', 409],
      ['rejected', 404],
      ['rejected', 400],
      ['rejected', 400],
    ]);
    expect(res.body.data.results[0].message).toMatch(/expired/);
    expect((await balance(7003)).chip).toBe(before);
    expect((await inbox(7003))[0]).toMatchObject({ state: 'expired' });
    // the staff sessions idled out while the clock moved a day
    business = await t.loginAs('business');
    partner = await t.loginAs('partner');
  });

  it('chips attached count against the daily issue limit (409, nothing stored)', async () => {
    const res = await t.post(
      '/api/messages/broadcast/send',
      {
        target: { kind: 'segment', segment: {} },
        titleEn: 'Big',
        contentEn: 'x',
        expiresInDays: 1,
        attachment: { currency: 'chip', amount: 1_000_000_000_000 },
      },
      business,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Daily issue limit/);
  });

  it('announcements: cleaned, link checked, live per package with ETag, partner scoped, logged', async () => {
    const at = (h: number) => new Date(t.clock.now + h * 3_600_000).toISOString();
    const body = {
      package: 'com.demo',
      title: '<b>Maintenance</b>',
      content: '<p onclick="x()">Back <script>alert(1)</script>soon</p>',
      beginAt: at(-1),
      endAt: at(24),
      repeatType: 'daily',
      link: 'https://example.com/news',
      picture: '',
      status: 'online',
      sortOrder: 0,
    };
    const bad = await t.post('/api/messages/announcement/create', { ...body, link: 'javascript:alert(1)' }, business);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^link:/);
    expect((await t.post('/api/messages/announcement/create', { ...body, endAt: at(-2) }, business)).body.message).toMatch(/^endAt:/);
    const created = await t.post('/api/messages/announcement/create', body, business);
    expect(created.body.data).toMatchObject({ title: 'Maintenance', content: '<p>Back soon</p>', phase: 'live' });
    const live = await p.get('/api/platform/messages/announcements', 'package=com.demo');
    expect(live.body.data.announcements.map((a: any) => a.id)).toContain(created.body.data.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/platform/messages/announcements?package=com.demo', headers: await signed('package=com.demo') });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/platform/messages/announcements?package=com.demo',
      headers: { ...(await signed('package=com.demo')), 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const off = await t.post('/api/messages/announcement/status', { id: created.body.data.id, status: 'offline' }, business);
    expect(off.body.data.phase).toBe('offline');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/platform/messages/announcements?package=com.demo',
      headers: { ...(await signed('package=com.demo')), 'if-none-match': res.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    const log = await t.database.db.selectFrom('operation_log').select('operation').where('target', '=', `announcement:${created.body.data.id}`).execute();
    expect(log.map((l) => l.operation).sort()).toEqual(['messages.announcement.create', 'messages.announcement.status']);
    // the partner account reaches its own packages only
    const own = await t.get('/api/messages/announcement/packages', partner);
    const packages = await t.database.db.selectFrom('payment_package').select(['package', 'partner']).execute();
    expect(own.body.data.map((o: any) => o.value).sort()).toEqual(
      packages
        .filter((x) => x.partner === 1)
        .map((x) => x.package)
        .sort(),
    );
    const foreign = packages.find((x) => x.partner !== 1);
    if (foreign) expect((await t.post('/api/messages/announcement/create', { ...body, package: foreign.package }, partner)).status).toBe(404);
  });

  it('a send cut off mid-way resumes at its cursor and reaches every player once; other features send through createMessageSend', async () => {
    const db = t.database.db;
    for (let uid = 7100; uid < 7125; uid++) await p.register(uid, { name: `R${uid}` });
    const now = new Date(t.clock.now);
    const created = await db.transaction().execute((trx) =>
      createMessageSend(
        trx,
        {
          audience: audienceOf({ kind: 'list', uids: Array.from({ length: 25 }, (_, i) => 7100 + i).join(' ') }, 0, now),
          texts: cleanTexts({ titleEn: 'Come back, {name}', contentEn: '<p>{amount} for you</p>' }),
          attachment: { currency: 'bean', amount: 100 },
          expiresInDays: 3,
          source: 'loseuser',
          issuer: { username: 'business', roles: ['business'] },
        },
        now,
      ),
    );
    expect(created.planned).toBe(25);
    // two steps of 10, then the process "dies": the send stays running at its cursor
    expect(await advanceSend(db, created.id, now, 10)).toBe('advanced');
    expect(await advanceSend(db, created.id, now, 10)).toBe('advanced');
    const half = await db.selectFrom('message_send').select(['status', 'delivered', 'cursor_uid']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(half).toMatchObject({ status: 'running', delivered: 20, cursor_uid: 7119 });
    // a look at its progress takes it up; the copies already written are not written again
    await t.get('/api/messages/broadcast/progress', business, { id: String(created.id) });
    await startMessageJobs(db, () => now);
    const done = await t.get('/api/messages/broadcast/progress', business, { id: String(created.id) });
    expect(done.body.data).toMatchObject({ status: 'done', planned: 25, delivered: 25, source: 'loseuser' });
    const copies = await db.selectFrom('player_message').select('uid').where('send_id', '=', created.id).execute();
    expect(new Set(copies.map((c) => c.uid)).size).toBe(25);
    expect((await inbox(7110))[0]).toMatchObject({ title: 'Come back, R7110', content: '<p>1.00 beans for you</p>' });
  });

  it('a running send can be stopped: those reached keep it, the job stops, logged; a second stop is a 409', async () => {
    const db = t.database.db;
    const now = new Date(t.clock.now);
    const created = await db.transaction().execute((trx) =>
      createMessageSend(
        trx,
        {
          audience: audienceOf({ kind: 'list', uids: Array.from({ length: 25 }, (_, i) => 7100 + i).join(' ') }, 0, now),
          texts: cleanTexts({ titleEn: 'Stop me', contentEn: 'x' }),
          attachment: null,
          expiresInDays: 3,
          source: 'broadcast',
          issuer: { username: 'business', roles: ['business'] },
        },
        now,
      ),
    );
    expect(await advanceSend(db, created.id, now, 10)).toBe('advanced');
    const stopped = await t.post('/api/messages/broadcast/cancel', { id: created.id }, business);
    expect(stopped.body.data).toMatchObject({ status: 'cancelled', delivered: 10, planned: 25 });
    expect(await advanceSend(db, created.id, now, 10)).toBe('skipped');
    expect((await t.post('/api/messages/broadcast/cancel', { id: created.id }, business)).status).toBe(409);
    expect((await t.post('/api/messages/broadcast/cancel', { id: created.id }, partner)).status).toBe(404);
    const log = await db.selectFrom('operation_log').select('operation').where('target', '=', `message_send:${created.id}`).execute();
    expect(log.map((l) => l.operation)).toContain('messages.broadcast.cancel');
  });

  it('a send committed while a pass is ending is still delivered: the pass ends in the step of its last look (no lost wake-up)', async () => {
    const db = t.database.db;
    const now = new Date(t.clock.now);
    // the pass's listing does not see the send (as if it committed just after that read); the
    // send's own call comes `delay` microtasks later: before the pass looks for more, while it
    // ends, or after. Some delay fell between its last look and its end on the old code.
    for (let delay = 0; delay < 24; delay++) {
      let hide = true;
      let late: Promise<void> | undefined;
      let scheduled: Promise<void> = Promise.resolve();
      const listings = new Set<unknown>();
      const watched: typeof db = db.withPlugin({
        transformQuery: (a) => {
          if (a.node.kind === 'SelectQueryNode' && JSON.stringify(a.node.from).includes('"message_send"')) listings.add(a.queryId);
          return a.node;
        },
        transformResult: async (a) => {
          if (!hide || !listings.has(a.queryId)) return a.result;
          hide = false;
          let tick: Promise<void> = Promise.resolve();
          for (let i = 0; i < delay; i++) tick = tick.then(() => undefined);
          scheduled = tick.then(() => {
            late = startMessageJobs(watched, () => now);
          });
          return { ...a.result, rows: [] };
        },
      });
      const created = await db.transaction().execute((trx) =>
        createMessageSend(
          trx,
          {
            audience: audienceOf({ kind: 'list', uids: '7001 7002' }, 0, now),
            texts: cleanTexts({ titleEn: `Wake ${delay}`, contentEn: 'x' }),
            attachment: null,
            expiresInDays: 1,
            source: 'broadcast',
            issuer: { username: 'business', roles: ['business'] },
          },
          now,
        ),
      );
      await startMessageJobs(watched, () => now);
      await scheduled;
      await late;
      const row = await db.selectFrom('message_send').select(['status', 'delivered']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect([delay, row.status, Number(row.delivered)]).toEqual([delay, 'done', 2]);
    }
  });

  it('roles come from the catalogue: service may not call, before the body is read', async () => {
    const service = await t.loginAs('service');
    expect((await t.post('/api/messages/broadcast/send', { nonsense: true }, service)).status).toBe(403);
    expect((await t.get('/api/messages/prefabs', service)).status).toBe(403);
  });

  async function signed(query: string) {
    const { platformSignature } = await import('../../http/platform-operation');
    const ts = String(t.clock.now);
    return { 'x-app-id': p.appId, 'x-timestamp': ts, 'x-signature': platformSignature('demo-platform-secret', ts, query) };
  }
});
