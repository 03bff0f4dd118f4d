/**
 * Bulk game data for the games benchmark (bench/games.ts), written straight into PostgreSQL by
 * SQL (generate_series and INSERT … SELECT; the platform calls are measured separately).
 * `bets` player bets over the 90 days before `now`, as the simulator's game servers play them
 * (apps/server/src/simulator/rounds.ts): a round of a house game is one player's one bet (mines
 * 1v1 seats a bot opposite), its stake debited (game.bet, ref = the round id) when it starts, its
 * win credited (game.win) when it ends, and its record stored as game_rounds_apply stores a
 * `game.round` event (migration 025): the claimed event in platform_event, the round, its seat
 * rows, and the roll-ups game_day and game_player_day.
 *
 * Rounds are real: each game's rounds are drawn from a pool of rounds played by @console/games
 * itself (`templates` seeds a game, each played at the six stakes ₱1 … ₱50 with the seed's own
 * bets), so every record verifies (verified = true, and a sample is re-verified after the load).
 * The seeds of a game are picked from four times as many so that their mean return equals the
 * game's configured RTP within 0.2 points, as 20,000,000 real bets would come out: a dashboard
 * over the data then shows an actual RTP inside its band, as in service.
 * Players: bets / 300, registered before the 90 days; one in ten of partner 1, one in ten of 2;
 * each has a stake (₱1 10%, ₱2 20%, ₱5 30%, ₱10 20%, ₱20 10%, ₱50 10%: median ₱5, docs/domain.md).
 * A player plays in sittings of 25 rounds of one game, 30 s apart (docs/domain.md: a median 49
 * bets a playing day, one playing day in about 14), the game drawn with the simulator's weights
 * (HOUSE_PLAY), the sittings spread evenly over the 90 days.
 *
 * Consistent with the ledger by construction (reconcile() finds nothing, reconcileRounds() no
 * round): every player starts with one sign-up credit (bonus.register) of ₱1,000 plus whatever
 * his own bets would otherwise take below zero, so no balance is ever negative; each wallet
 * movement is a ledger entry with the wallet's key (app:<app>:tx:<txId>) and its wallet_tx row
 * (fingerprint and answer as the wallet writes them); entries carry running balances in id order,
 * balances are their sums; player.net_win and player_day_game are the wallet's (wallet_game).
 * The house-money report trigger stays on (it counts the sign-up credits).
 */
import { FairStream, getGame, seedHash, sha256, toHex, verifyRound, type GameId } from '@console/games';
import pg from 'pg';
import { HOUSE_PLAY } from '../../apps/server/src/simulator/rounds.ts';
import { CONSOLE_SQL_OFFSET } from '@console/time';

export const STAKES = [100, 200, 500, 1000, 2000, 5000] as const;
/** A player's stake level (index into STAKES) from his uid: 10/20/30/20/10/10%. */
const LEVEL_OF_DIGIT = [0, 1, 1, 2, 2, 2, 3, 3, 4, 5] as const;
export const stakeLevel = (uid: number) => LEVEL_OF_DIGIT[(uid * 7) % 10];
const levelSql = (uid: string) => `(ARRAY[${LEVEL_OF_DIGIT.join(',')}])[1 + (${uid} * 7 % 10)::int]`;

export interface GameDataOptions {
  bets: number;
  /** The end of the generated history (default: now less 10 minutes). */
  now?: Date;
  /** uid = uidBase + 1 … uidBase + players (default 10 000 000, clear of the demo seed's players). */
  uidBase?: number;
  appId?: string;
  /** Seeds a game (default 200). */
  templates?: number;
  log?: (line: string) => void;
}

export interface GameDataShape {
  bets: number;
  players: number;
  rounds: number;
  botSeats: number;
  ledgerEntries: number;
  walletCalls: number;
  seconds: number;
  rollupCheck: { cells: number; differences: string[] };
  verifiedSample: { rounds: number; failed: number };
}

/** Rounds of one game a sitting. */
export const SITTING = 25;
/** Players: one per 300 bets (a median 49 bets a playing day, one playing day in about 14: ~6 playing days in 90). */
export const gameShape = (bets: number) => ({ players: Math.max(100, Math.round(bets / 300 / 100) * 100), rounds: bets });

/** One round template: a seed of a game played at one stake. */
export interface Template {
  tid: number;
  game: GameId;
  level: number;
  k: number;
  seed: string;
  seedHash: string;
  bets: unknown[];
  result: unknown;
  seats: { seat: string; bet: number; win: number; fee: number; jackpot: number; bot: boolean }[];
  /** The player seat's stake and win (what the wallet moves). */
  bet: number;
  win: number;
}

const encoder = new TextEncoder();

/** A round's bets as the simulator's game servers place them: one of the game's sample bets as seat p1 (mines 1v1: both seats, p2 a bot). */
function betsOf(game: GameId, seed: string, amount: number, pick: number) {
  const g = getGame(game);
  const sample = g.sampleBets(g.defaults, new FairStream(seed, game)) as { seat: string; amount: number }[];
  return game === 'mines1v1' ? sample.map((b) => ({ ...b, amount })) : [{ ...sample[pick % sample.length], seat: 'p1', amount }];
}

function play(game: GameId, seed: string, amount: number, pick: number) {
  const g = getGame(game);
  const bets = betsOf(game, seed, amount, pick);
  const outcome = g.play(g.defaults, seed, bets);
  const seats = outcome.payouts.map((p) => ({ seat: p.seat, bet: p.bet, win: p.win, fee: p.fee, jackpot: p.jackpot, bot: p.seat !== 'p1' }));
  const mine = seats.filter((s) => !s.bot);
  return { bets, result: outcome.result, seats, bet: mine.reduce((s, p) => s + p.bet, 0), win: mine.reduce((s, p) => s + p.win, 0) };
}

/**
 * The round templates of every house game: `perGame` seeds each (chosen from 4 × perGame so that
 * their mean return at ₱10 is the configured RTP ± 0.2 points), each played at the six stakes.
 * tid = (game index × 6 + level) × perGame + k.
 */
export function makeTemplates(perGame: number): Template[] {
  const out: Template[] = [];
  HOUSE_PLAY.forEach(([game], gi) => {
    const g = getGame(game);
    const target = g.rtp(g.defaults).rtp;
    const pool = Array.from({ length: perGame * 4 }, (_, j) => {
      const seed = toHex(sha256(encoder.encode(`bench-games:${game}:${j}`)));
      const pick = j;
      const r = play(game, seed, 1000, pick);
      return { seed, pick, ratio: r.bet > 0 ? r.win / r.bet : 0 };
    });
    // the first perGame, then swaps toward the target until the mean is within 0.002
    const chosen = pool.slice(0, perGame);
    const rest = pool.slice(perGame);
    if (target !== null && target !== undefined) {
      let sum = chosen.reduce((s, c) => s + c.ratio, 0);
      for (let step = 0; step < 20 * perGame && Math.abs(sum / perGame - target) > 0.002; step++) {
        const high = sum / perGame > target;
        // the chosen round furthest on the wrong side, for the spare one that moves the mean most toward the target without overshooting far
        let i = 0;
        for (let c = 1; c < chosen.length; c++) if (high ? chosen[c].ratio > chosen[i].ratio : chosen[c].ratio < chosen[i].ratio) i = c;
        const need = sum - target * perGame;
        let best = -1,
          bestGap = Infinity;
        for (let c = 0; c < rest.length; c++) {
          const gap = Math.abs(need - (chosen[i].ratio - rest[c].ratio));
          if (gap < bestGap) {
            bestGap = gap;
            best = c;
          }
        }
        if (best < 0 || bestGap >= Math.abs(need)) break;
        sum += rest[best].ratio - chosen[i].ratio;
        [chosen[i], rest[best]] = [rest[best], chosen[i]];
      }
    }
    chosen.forEach((c, k) => {
      STAKES.forEach((amount, level) => {
        const r = play(game, c.seed, amount, c.pick);
        out.push({ tid: (gi * STAKES.length + level) * perGame + k, game, level, k, seed: c.seed, seedHash: seedHash(c.seed), ...r });
      });
    });
  });
  return out;
}

/** The SQL CASE that draws a game from 0 ≤ w < total weight with the simulator's weights; its index in HOUSE_PLAY. */
function gameIndexSql(w: string): { sql: string; total: number } {
  let acc = 0;
  const arms = HOUSE_PLAY.map(([, weight], gi) => {
    acc += weight;
    return `WHEN ${w} < ${acc} THEN ${gi}`;
  });
  return { sql: `CASE ${arms.join(' ')} END`, total: acc };
}

export async function generateGameData(url: string, o: GameDataOptions): Promise<GameDataShape> {
  const { players, rounds } = gameShape(o.bets);
  const base = o.uidBase ?? 10_000_000;
  const app = o.appId ?? 'demo-app';
  const perGame = o.templates ?? 200;
  const log = o.log ?? console.log;
  const end = o.now ?? new Date(Date.now() - 10 * 60_000);
  const T = `'${end.toISOString()}'::timestamptz`;
  const T0 = `(${T} - interval '90 days')`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    await client.query(text);
    log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const mine = (alias = '') => `${alias}uid BETWEEN ${base + 1} AND ${base + players}`;
  // Knuth's multiplicative hash of a row number, mod 2^32 (the same rows on every run)
  const hash = (n: string) => `((${n})::bigint * 2654435761 % 4294967296)`;
  try {
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query("SET work_mem = '256MB'");

    const t0 = performance.now();
    const templates = makeTemplates(perGame);
    await client.query(`DROP TABLE IF EXISTS bench_game_template; CREATE UNLOGGED TABLE bench_game_template (
      tid integer PRIMARY KEY, game text NOT NULL, level smallint NOT NULL, k integer NOT NULL, seed text NOT NULL, seed_hash text NOT NULL,
      bets jsonb NOT NULL, result jsonb NOT NULL, seats jsonb NOT NULL, nseats smallint NOT NULL, bet bigint NOT NULL, win bigint NOT NULL,
      tbet bigint NOT NULL, twin bigint NOT NULL, tfee bigint NOT NULL, tjackpot bigint NOT NULL)`);
    for (let at = 0; at < templates.length; at += 500) {
      const chunk = templates.slice(at, at + 500);
      await client.query(
        `INSERT INTO bench_game_template SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(tid integer, game text, level smallint, k integer,
        seed text, seed_hash text, bets jsonb, result jsonb, seats jsonb, nseats smallint, bet bigint, win bigint, tbet bigint, twin bigint, tfee bigint, tjackpot bigint)`,
        [
          JSON.stringify(
            chunk.map((t) => ({
              tid: t.tid,
              game: t.game,
              level: t.level,
              k: t.k,
              seed: t.seed,
              seed_hash: t.seedHash,
              bets: t.bets,
              result: t.result,
              seats: t.seats,
              nseats: t.seats.length,
              bet: t.bet,
              win: t.win,
              tbet: t.seats.reduce((s, p) => s + p.bet, 0),
              twin: t.seats.reduce((s, p) => s + p.win, 0),
              tfee: t.seats.reduce((s, p) => s + p.fee, 0),
              tjackpot: t.seats.reduce((s, p) => s + p.jackpot, 0),
            })),
          ),
        ],
      );
    }
    log(
      `  ${templates.length} round templates (${perGame} seeds × ${HOUSE_PLAY.length} games × ${STAKES.length} stakes): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    await step(
      `${players} players`,
      `
      INSERT INTO player (uid, name, register_ip, register_device, register_package, registered_at, login_ip, login_device,
        last_login_at, login_count, partner, app_id)
      SELECT ${base} + g, 'Player ' || g, ip, 'dev-' || g,
        CASE g % 10 WHEN 8 THEN 'com.demo.partner1' WHEN 9 THEN 'com.demo.partner2' ELSE 'com.demo' END,
        reg, ip, 'dev-' || g, reg, 1, CASE g % 10 WHEN 8 THEN 1 WHEN 9 THEN 2 ELSE 0 END, '${app}'
      FROM generate_series(1::bigint, ${players}::bigint) AS g
      CROSS JOIN LATERAL (SELECT '10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256) AS ip,
        ${T0} - interval '1 day' - (g * 7919 % (30 * 86400)) * interval '1 second' AS reg) x;
      INSERT INTO player_device (device_id, uid, first_at, last_at) SELECT register_device, uid, registered_at, registered_at FROM player WHERE ${mine()};
      INSERT INTO player_ip (ip, uid, first_at, last_at) SELECT register_ip, uid, registered_at, registered_at FROM player WHERE ${mine()}`,
    );

    // Rounds come in sittings of SITTING rounds of one game by one player, 30 seconds apart
    // (docs/domain.md: a median 49 bets a playing day, a playing day in about 14: about two
    // sittings a playing day); sittings start evenly over the 90 days, each drawn a player and a
    // game. Ids follow the end times, as the function's inserts make them.
    const pick = gameIndexSql(`(${hash('s + 7777777')} % ${100})`);
    if (pick.total !== 100) throw new Error('HOUSE_PLAY weights no longer sum to 100: adjust the game draw');
    const sittings = Math.ceil(rounds / SITTING);
    await step(
      `${rounds} rounds in ${sittings} sittings (staging)`,
      `
      DROP TABLE IF EXISTS bench_round; CREATE UNLOGGED TABLE bench_round AS
      SELECT row_number() OVER (ORDER BY ended_at, i) - 1 AS i, uid, p.partner, tid, ended_at, ended_at - (8 + x / 1000 % 20) * interval '1 second' AS started_at, x
      FROM (
        SELECT i, x, uid, least(${T} - interval '1 second', start + (i % ${SITTING}) * interval '30 seconds' + (x % 10) * interval '1 second') AS ended_at,
          (gi * ${STAKES.length} + ${levelSql('uid')}) * ${perGame} + (${hash('i + 3333333')} / 100 % ${perGame}) AS tid
        FROM generate_series(0::bigint, ${rounds - 1}::bigint) AS i
        CROSS JOIN LATERAL (SELECT i / ${SITTING} AS s, ${hash('i')} AS x) a
        CROSS JOIN LATERAL (SELECT ${base} + 1 + ${hash('s')} % ${players} AS uid, ${pick.sql} AS gi,
          ${T0} + interval '90 days' * ((s + 0.5) / ${sittings}) AS start) h
      ) r JOIN player p USING (uid)`,
    );
    await step(
      'rounds',
      `
      INSERT INTO game_round (id, app_id, round_id, game, server, table_id, config_version, started_at, ended_at, partner, seats, players,
        bet, win, fee, jackpot, seed_hash, seed, bets, result, verified, why, differences, received_at)
      OVERRIDING SYSTEM VALUE
      SELECT r.i + 1, '${app}', 'bg-' || r.i, t.game, 'gs-' || t.game || '-' || (1 + r.x % 3), 't-' || (1 + r.x / 7 % 20), 0, r.started_at, r.ended_at,
        r.partner, t.nseats, 1, t.tbet, t.twin, t.tfee, t.tjackpot, t.seed_hash, t.seed, t.bets, t.result, true, '', NULL, r.ended_at + interval '1 second'
      FROM bench_round r JOIN bench_game_template t USING (tid) ORDER BY r.i;
      SELECT setval(pg_get_serial_sequence('game_round', 'id'), (SELECT max(id) FROM game_round))`,
    );
    // the round ids' keys and the events' claims, unique across months (decision 057)
    await step('round keys', `INSERT INTO game_round_key (round_id, app_id, id, ended_at) SELECT round_id, app_id, id, ended_at FROM game_round`);
    await step(
      'round events (claimed ids)',
      `
      INSERT INTO platform_event (app_id, event_id, type, at, received_at, data)
      SELECT '${app}', 'bge-' || r.i, 'game.round', r.ended_at, r.ended_at + interval '1 second', jsonb_build_object('game', t.game, 'roundId', 'bg-' || r.i)
      FROM bench_round r JOIN bench_game_template t USING (tid) ORDER BY r.i;
      INSERT INTO platform_event_claim (app_id, event_id, received_at, status) SELECT app_id, event_id, received_at, 'applied' FROM platform_event`,
    );
    await step(
      'seat rows',
      `
      INSERT INTO game_bet (round, n, game, at, uid, partner, seat, bot, bet, win, fee, jackpot)
      SELECT r.i + 1, s.ord - 1, t.game, r.ended_at, CASE WHEN s.bot THEN NULL ELSE r.uid END, CASE WHEN s.bot THEN -2 ELSE r.partner END,
        s.seat, s.bot, s.bet, s.win, s.fee, s.jackpot
      FROM bench_round r JOIN bench_game_template t USING (tid)
      CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(t.seats) AS (seat text, bot boolean, bet bigint, win bigint, fee bigint, jackpot bigint))
        WITH ORDINALITY AS s(seat, bot, bet, win, fee, jackpot, ord)
      ORDER BY r.i, s.ord`,
    );

    // the wallet's movements: the stake when the round starts, the win when it ends
    await step(
      'wallet movements (staging)',
      `
      DROP TABLE IF EXISTS bench_gmove; CREATE UNLOGGED TABLE bench_gmove (
        seq bigint GENERATED ALWAYS AS IDENTITY, uid integer NOT NULL, partner integer NOT NULL, delta bigint NOT NULL, reason text NOT NULL,
        ref text NOT NULL, tx text, at timestamptz NOT NULL);
      INSERT INTO bench_gmove (uid, partner, delta, reason, ref, tx, at)
      SELECT r.uid, r.partner, m.delta, m.reason, 'bg-' || r.i, 'bg-' || r.i || m.suffix, m.at
      FROM bench_round r JOIN bench_game_template t USING (tid)
      CROSS JOIN LATERAL (VALUES (1, -t.bet, 'game.bet', ':b', r.started_at), (2, t.win, 'game.win', ':w', r.ended_at)) AS m(leg, delta, reason, suffix, at)
      WHERE m.delta <> 0 ORDER BY m.at, r.i, m.leg`,
    );
    await step(
      'sign-up credits (₱1,000 and what the bets need)',
      `
      INSERT INTO bench_gmove (uid, partner, delta, reason, ref, tx, at)
      SELECT p.uid, p.partner, 100000 + coalesce(ceil(greatest(0, -low) / 100.0)::bigint * 100, 0), 'bonus.register', 'register', NULL, p.registered_at
      FROM player p LEFT JOIN (
        SELECT uid, min(run) AS low FROM (SELECT uid, sum(delta) OVER (PARTITION BY uid ORDER BY at, seq) AS run FROM bench_gmove) s GROUP BY uid
      ) m USING (uid)
      WHERE ${mine('p.')}`,
    );
    const entries = Number((await client.query('SELECT count(*) AS n FROM bench_gmove')).rows[0].n);
    await step(
      `${entries} ledger entries`,
      `
      INSERT INTO ledger_entry (at, uid, partner, currency, delta, balance_after, reason, ref, actor, idem_key)
      SELECT at, uid, partner, 'chip', delta, sum(delta) OVER (PARTITION BY uid ORDER BY at, seq), reason, ref,
        CASE WHEN tx IS NULL THEN 'system:register' ELSE 'app:${app}' END,
        CASE WHEN tx IS NULL THEN 'bonus.register:' || uid ELSE 'app:${app}:tx:' || tx END
      FROM bench_gmove ORDER BY at, seq`,
    );
    // the ledger's keys live in ledger_key, unique across months (decision 056)
    await step('ledger keys', `INSERT INTO ledger_key (key, entry_id, at) SELECT idem_key, id, at FROM ledger_entry WHERE idem_key IS NOT NULL`);
    await step(
      'wallet calls (wallet_tx)',
      `
      INSERT INTO wallet_tx (app_id, tx_id, kind, fingerprint, uid, currency, amount, answer, at)
      SELECT '${app}', tx, kind, encode(sha256(convert_to('["' || kind || '",' || uid || ',"chip",' || abs(delta) || ',"' || reason || '","' || ref || '"]', 'UTF8')), 'hex'),
        uid, 'chip', abs(delta), jsonb_build_object('txId', tx, 'balance', balance_after), at
      FROM (SELECT substr(idem_key, ${`app:${app}:tx:`.length + 1}) AS tx, CASE WHEN delta < 0 THEN 'debit' ELSE 'credit' END AS kind, uid, delta, reason, ref, balance_after, at
            FROM ledger_entry WHERE actor = 'app:${app}' AND reason LIKE 'game.%' AND ${mine()}) w
      ORDER BY at`,
    );
    await step(
      'balances',
      `
      INSERT INTO player_balance (uid, partner, chip) SELECT uid, min(partner), sum(delta) FROM bench_gmove GROUP BY uid`,
    );
    await step(
      "the wallet's game day roll-up and net win",
      `
      INSERT INTO player_day_game (day, uid, partner, bets, wins, bet_count)
      SELECT report_day(at), uid, min(partner), coalesce(sum(-delta) FILTER (WHERE delta < 0), 0), coalesce(sum(delta) FILTER (WHERE delta > 0), 0), count(*) FILTER (WHERE delta < 0)
      FROM bench_gmove WHERE reason LIKE 'game.%' GROUP BY 1, 2;
      UPDATE player p SET net_win = g.net FROM (SELECT uid, sum(delta) AS net FROM bench_gmove WHERE reason LIKE 'game.%' GROUP BY uid) g WHERE p.uid = g.uid`,
    );
    // the roll-ups as game_rounds_apply keeps them (one stripe: slot 0)
    await step(
      'game roll-ups (game_player_day, game_day)',
      `
      INSERT INTO game_player_day (game, day, uid, partner, rounds, bets, turnover, wins, fees, jackpot)
      SELECT game, report_day(at), uid, min(partner), count(DISTINCT round), count(*), sum(bet), sum(win), sum(fee), sum(jackpot)
      FROM game_bet WHERE NOT bot AND uid IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
      INSERT INTO game_day (day, game, partner, slot, rounds, flagged, bets, players, turnover, wins, fees, jackpot)
      SELECT day, game, partner, 0, sum(rounds), sum(flagged), sum(bets), sum(players), sum(turnover), sum(wins), sum(fees), sum(jackpot)
      FROM (
        SELECT report_day(ended_at) AS day, game, partner, count(*) AS rounds, count(*) FILTER (WHERE NOT verified) AS flagged, 0 AS bets, 0 AS players,
          0 AS turnover, 0 AS wins, 0 AS fees, 0 AS jackpot FROM game_round GROUP BY 1, 2, 3
        UNION ALL
        SELECT report_day(at), game, partner, 0, 0, count(*), 0, sum(bet), sum(win), sum(fee), sum(jackpot) FROM game_bet WHERE NOT bot AND uid IS NOT NULL GROUP BY 1, 2, 3
        UNION ALL
        SELECT day, game, partner, 0, 0, 0, count(*), 0, 0, 0, 0 FROM game_player_day GROUP BY 1, 2, 3
      ) u GROUP BY 1, 2, 3 ORDER BY 2, 1, 3`,
    );
    const botSeats = Number((await client.query('SELECT count(*) AS n FROM game_bet WHERE bot')).rows[0].n);
    const walletCalls = entries - players;
    await client.query('DROP TABLE bench_gmove; DROP TABLE bench_round');
    await step('analyze', 'ANALYZE');
    const rollupCheck = await checkGameRollups(client);
    log(`  roll-up cells compared with the raw rows: ${rollupCheck.cells}, differences: ${rollupCheck.differences.length}`);
    const verifiedSample = await verifySample(client, 200);
    log(`  rounds re-verified from their seeds: ${verifiedSample.rounds}, failed: ${verifiedSample.failed}`);
    return {
      bets: rounds,
      players,
      rounds,
      botSeats,
      ledgerEntries: entries,
      walletCalls,
      seconds: Math.round((performance.now() - started) / 1000),
      rollupCheck,
      verifiedSample,
    };
  } finally {
    await client.end();
  }
}

/**
 * Roll-up cells against the raw rows: for three days (the first, a middle one, the last) and
 * every game, game_day's rounds, bets, players, turnover, wins, fees by partner against
 * game_round and game_bet, and game_player_day's sums for the same.
 */
export async function checkGameRollups(client: pg.Client): Promise<{ cells: number; differences: string[] }> {
  const { rows } = await client.query(`
    WITH days AS (
      (SELECT min(day) AS day FROM game_day) UNION (SELECT max(day) FROM game_day)
      UNION (SELECT day FROM game_day GROUP BY day ORDER BY day LIMIT 1 OFFSET (SELECT count(DISTINCT day) / 2 FROM game_day))
    ), cells AS (
      SELECT d.day, g.game, pt.partner,
        (SELECT coalesce(sum(rounds), 0) || '/' || coalesce(sum(bets), 0) || '/' || coalesce(sum(players), 0) || '/' || coalesce(sum(turnover), 0) || '/' || coalesce(sum(wins), 0) || '/' || coalesce(sum(fees), 0)
          FROM game_day x WHERE x.day = d.day AND x.game = g.game AND x.partner = pt.partner) AS rollup,
        (SELECT count(*) FROM game_round r WHERE r.game = g.game AND r.partner = pt.partner AND r.ended_at >= (d.day::timestamp - ${CONSOLE_SQL_OFFSET}) AT TIME ZONE 'UTC'
           AND r.ended_at < ((d.day + 1)::timestamp - ${CONSOLE_SQL_OFFSET}) AT TIME ZONE 'UTC') || '/' ||
        (SELECT count(*) || '/' || count(DISTINCT uid) || '/' || coalesce(sum(bet), 0) || '/' || coalesce(sum(win), 0) || '/' || coalesce(sum(fee), 0)
          FROM game_bet b WHERE b.game = g.game AND b.partner = pt.partner AND NOT b.bot AND b.at >= (d.day::timestamp - ${CONSOLE_SQL_OFFSET}) AT TIME ZONE 'UTC'
           AND b.at < ((d.day + 1)::timestamp - ${CONSOLE_SQL_OFFSET}) AT TIME ZONE 'UTC') AS raw
      FROM days d CROSS JOIN (SELECT DISTINCT game FROM game_day) g CROSS JOIN (VALUES (0), (1), (2)) AS pt(partner)
    )
    SELECT day::text AS day, game, partner, rollup, raw FROM cells ORDER BY 1, 2, 3`);
  const differences = rows.filter((r) => r.rollup !== r.raw).map((r) => `${r.day} ${r.game} partner ${r.partner}: roll-up ${r.rollup}, raw ${r.raw}`);
  const players = await client.query(`
    SELECT count(*) AS n FROM (
      SELECT game, report_day(at) AS day, uid, count(*) AS bets, sum(bet) AS turnover, sum(win) AS wins FROM game_bet WHERE NOT bot AND uid IS NOT NULL GROUP BY 1, 2, 3
    ) b FULL JOIN game_player_day p USING (game, day, uid)
    WHERE p.uid IS NULL OR b.uid IS NULL OR p.bets <> b.bets OR p.turnover <> b.turnover OR p.wins <> b.wins`);
  const n = Number(players.rows[0].n);
  if (n > 0) differences.push(`game_player_day: ${n} rows differ from the seat rows`);
  return { cells: rows.length + 1, differences };
}

/** `count` rounds drawn at random, recomputed from their revealed seeds by @console/games. */
export async function verifySample(client: pg.Client, count: number): Promise<{ rounds: number; failed: number }> {
  const { rows } = await client.query(`
    SELECT r.id, r.game, r.seed_hash, r.seed, r.bets, r.result, (SELECT jsonb_agg(jsonb_build_object('seat', seat, 'bet', bet, 'win', win, 'fee', fee, 'jackpot', jackpot) ORDER BY n)
      FROM game_bet b WHERE b.round = r.id) AS payouts
    FROM game_round r WHERE r.id IN (SELECT 1 + (random() * (SELECT max(id) - 1 FROM game_round))::bigint FROM generate_series(1, ${count}))`);
  let failed = 0;
  for (const r of rows) {
    const g = getGame(r.game);
    const v = verifyRound({
      game: r.game,
      settings: g.defaults as Record<string, unknown>,
      seedHash: r.seed_hash,
      seed: r.seed,
      bets: r.bets,
      result: r.result,
      payouts: (r.payouts as { seat: string; bet: string; win: string; fee: string; jackpot: string }[]).map((p) => ({
        seat: p.seat,
        bet: Number(p.bet),
        win: Number(p.win),
        fee: Number(p.fee),
        jackpot: Number(p.jackpot),
      })),
    });
    if (!v.ok) failed++;
  }
  return { rounds: rows.length, failed };
}
