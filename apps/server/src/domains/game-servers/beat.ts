/**
 * The running demo keeps its game servers beating: every HEARTBEAT_INTERVAL_SECONDS each demo
 * server whose process runs sends its heartbeat through the real signed route (app.inject,
 * signed as `demo-app` with the secret the console holds now), with figures by the hour of the
 * day, and obeys the answer as a game server would: in maintenance it holds no players; when
 * draining its tables end and, at none, it reports `drained` once. The crashed demo server
 * (and any server staff stop or crash) stays silent, so it stays red. Demo mode only
 * (main.ts); stopped when the app closes.
 *
 * At start the fleet's last heartbeat is moved to now: the demo servers were running while this
 * console was seeding or stopped, and the demo does not invent a gap for every restart.
 */
import { HEARTBEAT_INTERVAL_SECONDS, type GameServerDesired } from '@console/schemas';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/open';
import { platformSignature } from '../../http/platform-operation';
import { DEMO_SERVER_IDS, DEMO_SERVERS, demoFigures, generator } from './demo';
import { applicationSecret } from '../platform/applications';

const APP_ID = 'demo-app';

export interface DemoBeat {
  tick(): Promise<number>;
  stop(): void;
}

/**
 * The demo fleet's heartbeats. With `hooks` (default) the timer starts when the app is ready
 * and stops when it closes; without, the caller ticks (tests).
 */
export function demoHeartbeats(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  log?: (message: string, error: unknown) => void,
  options: { hooks?: boolean } = {},
): DemoBeat {
  const random = generator(config.now() % 1_000_000);
  let eventSequence = 0;

  async function send(url: string, body: unknown, secret: string): Promise<{ status: number; data?: unknown }> {
    const payload = JSON.stringify(body);
    const timestamp = String(config.now());
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-app-id': APP_ID,
        'x-timestamp': timestamp,
        'x-signature': platformSignature(secret, timestamp, payload),
      },
    });
    const answer = JSON.parse(res.body || '{}') as { data?: unknown };
    return { status: res.statusCode, data: answer.data };
  }

  /** One round of heartbeats; answers how many servers were heard. */
  async function tick(): Promise<number> {
    const application = await applicationSecret(db, APP_ID);
    if (!application?.enabled) return 0;
    const rows = await db
      .selectFrom('game_server')
      .select(['server_id', 'state', 'version', 'reported_games', 'drained_at'])
      .where('server_id', 'in', DEMO_SERVER_IDS)
      .where('process', '=', 'running')
      .where('state', '<>', 'retired')
      .execute();
    let heard = 0;
    for (const row of rows) {
      const demo = DEMO_SERVERS.find((s) => s.serverId === row.server_id)!;
      const tables = Object.fromEntries((row.reported_games ?? []).map((g) => [g.game, g.tables]));
      const body = demoFigures({ serverId: row.server_id, games: demo.games }, new Date(config.now()), row.state, row.version ?? '2.14.3', random, tables);
      const answer = await send('/api/platform/gameserver/heartbeat', body, application.secret);
      if (answer.status !== 200) continue;
      heard += 1;
      const desired = answer.data as GameServerDesired;
      const empty = body.games.every((g) => g.tables === 0);
      if (desired.state === 'draining' && empty && row.drained_at === null && row.state === 'draining') {
        await send(
          '/api/platform/gameserver/events',
          {
            eventId: `demo-beat-${config.now()}-${(eventSequence += 1)}`,
            serverId: row.server_id,
            type: 'drained',
            at: new Date(config.now()).toISOString(),
            message: 'Last table ended',
          },
          application.secret,
        );
      }
    }
    return heard;
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const safeTick = async () => {
    if (running) return;
    running = true;
    try {
      await tick();
    } catch (error) {
      log?.('demo heartbeats', error);
    } finally {
      running = false;
    }
  };

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  if (options.hooks === false) return { tick, stop };
  app.addHook('onReady', async () => {
    await db
      .updateTable('game_server')
      .set({ last_heartbeat_at: new Date(config.now()) })
      .where('server_id', 'in', DEMO_SERVER_IDS)
      .where('process', '=', 'running')
      .where('health', '=', 'ok')
      .execute();
    timer = setInterval(() => void safeTick(), HEARTBEAT_INTERVAL_SECONDS * 1000);
    timer.unref();
    void safeTick();
  });
  // before the app stops taking requests: a tick under way still gets its answers
  app.addHook('preClose', async () => {
    stop();
    while (running) await new Promise((r) => setTimeout(r, 20));
  });
  return { tick, stop };
}
