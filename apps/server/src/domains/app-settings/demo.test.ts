/**
 * The demo: seeded configuration, then the simulator's week of codes through the signed platform
 * API (route asked, sms.sent and sms.result reported); Semaphore's bad evening makes the console
 * route around it; a second seed changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { seedPaymentConfig } from '../payment-config/demo';
import { playDemoSms } from '../../simulator/appsettings';
import { seedAppSettings } from './demo';

describe.each(databases().slice(0, 1))('the app-settings demo on $kind', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
    await platformClient(t);
    await seedPaymentConfig(t.database.db, new Date(t.clock.now));
  });
  afterAll(async () => t?.close());

  it('seeds once and plays codes through the platform API', async () => {
    const db = t.database.db;
    await seedAppSettings(db, new Date(t.clock.now), { sms: false });
    const stats = await playDemoSms(db, { end: t.clock.now, days: 4, perDay: 40 }, t.config);
    expect(stats).toMatchObject({ configs: 1, notModified: 1, unrouted: 0 });
    expect(stats!.sent).toBe(stats!.routed);
    expect(stats!.rerouted).toBeGreaterThan(0); // Semaphore's bad evening
    const rows = await db.selectFrom('sms_log').select(['provider', 'result']).execute();
    expect(rows.length).toBe(stats!.sent);
    expect(new Set(rows.map((r) => r.provider))).toEqual(new Set(['Semaphore', 'Movider', 'Twilio']));
    expect(rows.every((r) => r.result === 'delivered' || r.result === 'failed')).toBe(true);
    const before = await db
      .selectFrom('config_version')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await seedAppSettings(db, new Date(t.clock.now));
    expect(
      await db
        .selectFrom('config_version')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});
