/**
 * /gameserver/status: every server that is not retired with its last heartbeat, load, players,
 * version, desired state and colour, and the totals per game (servers hosting it, green and
 * red, online players and tables of its green servers: a red server's last figures are stale).
 * Reading runs the missed-heartbeat sweep first, so the server log is current.
 */
import { GAME_IDS } from '@console/games';
import { HEARTBEAT_INTERVAL_SECONDS, MISSED_HEARTBEATS, type GameServerGameTotal, type GameServerStatus } from '@console/schemas';
import type { Db } from '../../db/open';
import { isoInConsoleZone } from '../../http/time';
import { healthOf, sweepMissed } from './health';
import { toItem } from './servers';

export async function serverStatus(db: Db, now: Date): Promise<GameServerStatus> {
  await sweepMissed(db, now);
  const rows = await db.selectFrom('game_server').selectAll().where('state', '<>', 'retired').orderBy('server_id').execute();
  const servers = rows.map((row) => {
    const h = healthOf(row, now);
    return { ...toItem(row), health: h.health, redReason: h.redReason, silentSeconds: h.silentSeconds, reportedGames: row.reported_games ?? [] };
  });
  const totals = new Map<string, GameServerGameTotal>();
  const totalOf = (game: string) => {
    let t = totals.get(game);
    if (!t) totals.set(game, (t = { game, servers: 0, green: 0, red: 0, online: 0, tables: 0 }));
    return t;
  };
  for (const s of servers) {
    for (const game of s.games) {
      const t = totalOf(game);
      t.servers += 1;
      if (s.health === 'green') t.green += 1;
      if (s.health === 'red') t.red += 1;
    }
    if (s.health !== 'green') continue;
    for (const g of s.reportedGames) {
      const t = totalOf(g.game);
      t.online += g.online;
      t.tables += g.tables;
    }
  }
  const order = (game: string) => {
    const i = (GAME_IDS as readonly string[]).indexOf(game);
    return i < 0 ? GAME_IDS.length : i;
  };
  const games = [...totals.values()].sort((a, b) => order(a.game) - order(b.game) || a.game.localeCompare(b.game));
  const count = (h: string) => servers.filter((s) => s.health === h).length;
  const green = servers.filter((s) => s.health === 'green');
  return {
    at: isoInConsoleZone(now),
    intervalSeconds: HEARTBEAT_INTERVAL_SECONDS,
    missedHeartbeats: MISSED_HEARTBEATS,
    servers,
    games,
    summary: {
      servers: servers.length,
      green: green.length,
      red: count('red'),
      grey: count('grey'),
      online: green.reduce((n, s) => n + (s.onlinePlayers ?? 0), 0),
      tables: green.reduce((n, s) => n + (s.tables ?? 0), 0),
    },
  };
}
