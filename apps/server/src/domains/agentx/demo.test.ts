/**
 * The /agentx demo on both databases: three agents created through the screen's call, a week of
 * the two active ones' traffic through the signed platform API (bets, wins, refused calls), the
 * third suspended; the list shows it; a second run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { platformClient } from '../../test/platform';
import { seedAgentxActivity } from './demo';

// PGlite only: the demo code is the same on both; the full seed on PostgreSQL is simulator/demo-screens.test.ts's
describe.each(databases().slice(0, 1))('agentx demo on $kind', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(database);
    t.clock.advance(-10 * 86_400_000);
    const p = await platformClient(t);
    for (let i = 0; i < 8; i += 1) await p.register(7301 + i, { partner: 1 + (i % 2) }, 300_000);
    t.clock.advance(10 * 86_400_000);
  }, 180_000);
  afterAll(async () => t?.close());

  it('seeds agents with a week of traffic once', async () => {
    const first = await seedAgentxActivity(t.database.db, t.config, DEMO_PASSWORD, t.clock.now);
    expect(first.agents).toBe(3);
    expect(first.bets).toBeGreaterThan(100);
    expect(first.refused).toBeGreaterThan(0);
    const admin = await t.loginAs('admin');
    const items = (await t.get('/api/agentx/list', admin)).body.data.items as Record<string, any>[];
    expect(items.map((i) => [i.appId, i.status])).toEqual([
      ['lucky-asia', 'active'],
      ['manila-hub', 'active'],
      ['cebu-partners', 'suspended'],
    ]);
    for (const i of items.slice(0, 2)) {
      expect(i.bets).toBeGreaterThan(0);
      expect(i.players).toBeGreaterThan(0);
      expect(i.errorRate).toBeGreaterThan(0);
    }
    const before = await t.database.db.selectFrom('agentx_day').selectAll().orderBy('agent').orderBy('day').orderBy('slot').execute();
    expect(await seedAgentxActivity(t.database.db, t.config, DEMO_PASSWORD, t.clock.now)).toMatchObject({ agents: 0, bets: 0 });
    expect(await t.database.db.selectFrom('agentx_day').selectAll().orderBy('agent').orderBy('day').orderBy('slot').execute()).toEqual(before);
  }, 120_000);
});
