/**
 * The Grafana dashboard in the repository (docs/grafana/console.json) asks only for metrics the
 * server exports: a renamed metric would leave a panel silently empty.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from './metrics';

describe('the Grafana dashboard', () => {
  it('names only metrics the registry has', async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../../../docs/grafana/console.json', import.meta.url), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const metrics = await registry.getMetricsAsJSON();
    const known = new Set(metrics.flatMap((m) => (String(m.type) === 'histogram' ? [`${m.name}_bucket`, `${m.name}_count`, `${m.name}_sum`] : [m.name])));
    expect(known.has('console_requests_total')).toBe(true);
    const named = dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) => [...t.expr.matchAll(/\b((?:console|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1])),
    );
    expect(named.length).toBeGreaterThanOrEqual(dashboard.panels.length);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
