/** Each activity's rules as a table from its own declaration (`examples`), and the §5 settings rules. */
import { describe, expect, it } from 'vitest';
import { ACTIVITIES, ACTIVITY_IDS, findActivity, noFacts, periodOf, STATE_LABELS, type Facts } from './index';

const NOW = new Date('2026-11-26T04:00:00.000Z'); // 12:00 GMT+08:00

describe('every activity', () => {
  it('is declared once per id, with defaults that pass its own schema', () => {
    expect(ACTIVITIES.map((a) => a.id).sort()).toEqual([...ACTIVITY_IDS].sort());
    for (const a of ACTIVITIES) {
      expect(a.parseSettings(a.defaults)).toEqual({ ok: true, value: a.defaults });
      expect(a.states).toContain(a.states[0]);
      for (const f of a.final) expect(a.states).toContain(f);
      for (const st of a.states) expect(STATE_LABELS[st], `${a.id} state ${st} label`).toBeDefined();
      for (const key of Object.keys(a.defaults)) expect(a.labels[key], `${a.id}.${key} label`).toBeDefined();
      // the columns of its tables of rows (the settings screen's row editor heads them with these)
      for (const [key, value] of Object.entries(a.defaults)) {
        if (!Array.isArray(value) || typeof value[0] !== 'object' || value[0] === null) continue;
        for (const column of Object.keys(value[0] as object)) expect(a.labels[column], `${a.id}.${key}.${column} label`).toBeDefined();
      }
    }
  });

  for (const a of ACTIVITIES) {
    describe(a.id, () => {
      for (const ex of a.examples) {
        it(ex.name, () => {
          const parsed = a.parseSettings({ ...a.defaults, ...(ex.settings ?? {}) });
          if (!parsed.ok) throw new Error(parsed.message);
          const facts: Facts = { ...noFacts(ex.facts.now ?? NOW), ...ex.facts };
          const key = a.period === 'window' ? undefined : undefined;
          const s =
            a.period === 'window' ? { ...parsed.value, startAt: '2026-11-23T00:00:00.000+08:00', endAt: '2026-11-30T00:00:00.000+08:00' } : parsed.value;
          const period = periodOf(a, s, NOW, key)!;
          const ev = a.evaluate(s, facts, period);
          expect(a.states).toContain(ev.state);
          if (ex.expect.state) expect(ev.state).toBe(ex.expect.state);
          if (ex.expect.claimable) expect(ev.tiers.filter((t) => t.reached).map((t) => t.tier)).toEqual(ex.expect.claimable);
          for (const [tier, amount] of Object.entries(ex.expect.amounts ?? {})) expect(ev.tiers.find((t) => t.tier === tier)?.amount).toBe(amount);
          if (ex.expect.progress !== undefined) expect(ev.progress).toBe(ex.expect.progress);
          if (ex.expect.target !== undefined) expect(ev.target).toBe(ex.expect.target);
          for (const t of ev.tiers) {
            expect(Number.isSafeInteger(t.amount) && t.amount >= 0).toBe(true);
            if (!t.reached) expect(t.why).toBeTruthy();
          }
        });
      }
    });
  }
});

describe('settings rules (§5)', () => {
  const refuse = (id: string, patch: Record<string, unknown>, message: string) => {
    const a = findActivity(id)!;
    expect(a.parseSettings({ ...a.defaults, ...patch })).toEqual({ ok: false, message });
  };
  it('end after start', () => refuse('relief', { startAt: '2026-11-26T00:00:00+08:00', endAt: '2026-11-25T00:00:00+08:00' }, 'endAt: Must be after startAt'));
  it('thresholds rising', () =>
    refuse(
      'sprintcarnival',
      {
        milestones: [
          { bet: 50_000, reward: 1 },
          { bet: 10_000, reward: 2 },
        ],
      },
      'milestones.1.bet: Must be more than the tier before',
    ));
  it('rates in range', () => refuse('ladderloserebate', { steps: [{ loss: 500, rate: 101 }] }, 'steps.0.rate: Must be at most 100'));
  it('item quantities > 0', () => {
    const a = findActivity('onlinesign')!;
    const days = (a.defaults as unknown as { days: unknown[] }).days.map((d, i) => (i === 3 ? { currency: 'chip', quantity: 0 } : d));
    refuse('onlinesign', { days }, 'days.3.quantity: Must be at least 1');
  });
  it('a carnival lasts at most 7 days', () =>
    refuse('sprintcarnival', { startAt: '2026-11-01T00:00:00+08:00', endAt: '2026-11-09T00:00:00+08:00' }, 'endAt: Must be at most 7 days after startAt'));
  it('unknown fields are refused', () => refuse('relief', { bogus: 1 }, 'bogus: Unknown field'));
  it('mining: a claim takes at most the storage; the exchange pays something', () => {
    refuse('mining', { minOre: 81 }, 'minOre: Must be at most the storage (ore an hour × hours)');
    refuse('mining', { chipsPer100Ore: 0 }, 'chipsPer100Ore: Must be at least 1');
    refuse('mining', { vipBonusPercent: 101 }, 'vipBonusPercent: Must be at most 100');
  });
  it('rebacklogin: 7 rewards, each > 0', () => {
    refuse('rebacklogin', { rewards: [1, 2, 3] }, 'rewards: Must have 7 days');
    refuse('rebacklogin', { rewards: [1, 2, 3, 0, 5, 6, 7] }, 'rewards.3: Must be at least 1');
  });
  it('cardstask: chests rising and reachable', () => {
    refuse(
      'cardstask',
      {
        chests: [
          { points: 60, reward: 1 },
          { points: 30, reward: 2 },
        ],
      },
      'chests.1.points: Must be more than the tier before',
    );
    refuse(
      'cardstask',
      {
        chests: [
          { points: 30, reward: 1 },
          { points: 101, reward: 2 },
        ],
      },
      "chests.1.points: Must be at most the tasks' points (100)",
    );
  });
  it('redfission: the opening fill range', () => refuse('redfission', { startMin: 90, startMax: 85 }, 'startMax: Must be at least startMin'));
  it('newearnmoney: the rate in range', () => refuse('newearnmoney', { betRate: 0 }, 'betRate: Must be more than 0'));
  it('callbackactivity: rewards > 0, rounds within what the facts list', () => {
    refuse('callbackactivity', { recallerReward: 0 }, 'recallerReward: Must be at least 1');
    refuse('callbackactivity', { returnerReward: 0 }, 'returnerReward: Must be at least 1');
    refuse('callbackactivity', { minRounds: 51 }, 'minRounds: Must be at most 50');
    refuse('callbackactivity', { inactiveDays: 0 }, 'inactiveDays: Must be at least 1');
    refuse('callbackactivity', { maxFriends: 0 }, 'maxFriends: Must be at least 1');
  });
  it('pwaguide: the reward > 0', () => refuse('pwaguide', { amount: 0 }, 'amount: Must be at least 1'));
});

describe('periods', () => {
  const relief = findActivity('relief')!;
  it('a day in GMT+08:00', () => {
    const p = periodOf(relief, relief.defaults, new Date('2026-11-25T16:30:00Z'))!;
    expect(p.key).toBe('2026-11-26');
    expect(p.start.toISOString()).toBe('2026-11-25T16:00:00.000Z');
  });
  it('outside the dates: none', () => {
    expect(periodOf(relief, { ...relief.defaults, endAt: '2026-11-20T00:00:00+08:00' }, NOW)).toBeNull();
  });
  it('a window needs both dates', () => {
    const s = findActivity('sprintcarnival')!;
    expect(periodOf(s, s.defaults, NOW)).toBeNull();
  });
});
