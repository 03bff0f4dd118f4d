// Bulk players for the broadcast benchmark (bench/messages.ts): `segment` players inactive for
// 10 days or more (the broadcast's audience) and a quarter as many again who played in the last
// 9 days (outside it, so the segment's condition has rows to reject), one INSERT … SELECT
// generate_series, with their (empty) wallets.
//
// Shape: player g (uid = uidBase + g) of total = segment × 5/4 (rounded up): every 5th played
// 0–9 days ago, the others 10–59 days ago; registered 60–119 days ago; VIP 0–7; partner 1 or 2
// for 20%. `inSegment` is the exact count of the segment `{ inactiveDays: 10 }` at any moment of
// the following hours (the newest inactive login is 10 days and a few hours old).
import pg from 'pg';

export const BROADCAST_SEGMENT = { inactiveDays: 10 } as const;

export function messagePlayerShape(segment: number) {
  const total = Math.ceil((segment * 5) / 4);
  const active = Math.floor(total / 5);
  return { total, inSegment: total - active, active };
}

export async function generateMessagePlayers(
  url: string,
  { segment, uidBase = 10_000_000, log = console.log }: { segment: number; uidBase?: number; log?: (line: string) => void },
) {
  const shape = messagePlayerShape(segment);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  const step = async (label: string, text: string) => {
    const t = performance.now();
    await client.query(text);
    log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '512MB'");
    // within its band, each player's last login a few hours from the band's edges, so the count holds for the run
    await step(
      `${shape.total} players`,
      `
      INSERT INTO player (uid, name, register_ip, register_device, register_package, registered_at, login_ip, login_device,
        last_login_at, login_count, vip, partner, app_id)
      SELECT ${uidBase} + g, 'Player ' || g,
        '10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256), 'dev-' || g, 'com.demo',
        now() - interval '60 days' - ((g % 60) || ' days')::interval,
        '10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256), 'dev-' || g,
        CASE WHEN g % 5 = 0 THEN now() - ((g / 5 % 10) || ' days')::interval - interval '6 hours' + (g % 3600) * interval '1 second'
             ELSE now() - interval '10 days' - ((g % 50) || ' days')::interval - interval '6 hours' - (g % 3600) * interval '1 second' END,
        1 + g % 40, g % 8, CASE WHEN g % 10 = 8 THEN 1 WHEN g % 10 = 9 THEN 2 ELSE 0 END, 'bench'
      FROM generate_series(1::bigint, ${shape.total}::bigint) AS g`,
    );
    await step(
      'wallets',
      `
      INSERT INTO player_balance (uid, partner, chip, bean)
      SELECT uid, partner, 0, 0 FROM player WHERE uid BETWEEN ${uidBase + 1} AND ${uidBase + shape.total}`,
    );
    await step('analyze', 'ANALYZE player; ANALYZE player_balance');
  } finally {
    await client.end();
  }
  return { ...shape, seconds: Math.round((performance.now() - t0) / 1000) };
}
