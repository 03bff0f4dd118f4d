import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../domains';
import { AFTER_HISTORY_ORDER, afterHistorySteps } from './demo';

describe('the demo steps the domains declare', () => {
  it('are each placed once in the seed order, and run in it', () => {
    const declared = DOMAINS.flatMap((d) => (d.demo?.steps ?? []).map((s) => s.name));
    expect([...declared].sort()).toEqual([...AFTER_HISTORY_ORDER].sort());
    expect(afterHistorySteps().map((s) => s.name)).toEqual([...AFTER_HISTORY_ORDER]);
  });

  it('a step no order names, a name no domain declares, or two steps of one name refuse to start', () => {
    const steps = afterHistorySteps();
    const stray = { name: 'stray', weight: 1, run: async () => ({}) };
    expect(() => afterHistorySteps([...steps, stray])).toThrow(/not in AFTER_HISTORY_ORDER: \[stray\]/);
    expect(() => afterHistorySteps(steps.filter((s) => s.name !== 'vip'))).toThrow(/declared by no domain: \[vip\]/);
    expect(() => afterHistorySteps([...steps, steps[0]])).toThrow(/same name/);
  });

  it('the configuration runs in the order of the domains, and only the domains that have one configure', () => {
    const configuring = DOMAINS.filter((d) => d.demo?.configure).map((d) => d.name);
    // the payment configuration before the games, the rooms after the table games they tier
    expect(configuring.indexOf('payment-config')).toBeLessThan(configuring.indexOf('game-servers'));
    expect(configuring.indexOf('table-games')).toBeLessThan(configuring.indexOf('rooms'));
    expect(configuring).not.toContain('agents');
  });
});
