/**
 * Demo controls: platform-wide limits of both scopes (one version each), the demo
 * providers' applications on wgconfigs (their bets are third-party play), and a few controlled
 * players of the demo population, set by the demo `business` account when the history starts
 * (31 days before the seed). As other seeded staff changes (game servers), they are written by
 * the services without an operation-log record: the seed has no clock of its own.
 *
 * The simulator plays these players as a game server would (`controlledStake`, called by
 * simulator/rounds.ts): a stake past a control is sent, refused by the wallet (409, logged,
 * throttled) and then played within the cap, or not at all while the player cools off. The
 * registry (demo-players.ts) is filled by seedControls only, so a simulator run without the demo
 * seed plays as before.
 */
import type { ControlScope, PlayerControlBody } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { SessionUser } from '../auth/sessions';
import { saveItem } from '../../settings/versions';
import { DEMO_POPULATION, Population } from '../../simulator/population';
import { configItems, logChange } from './changes';
import { providersChanged } from './enforce';
import { knowControls } from './demo-players';

const DAY = 86_400_000;
const BUSINESS = { id: 0, username: 'business', name: 'Demo Business', roles: ['business'], partner: 0 } as unknown as SessionUser;

interface DemoControl {
  uid: number;
  partner: number;
  scope: ControlScope;
  body: Omit<PlayerControlBody, 'uid'>;
}

/**
 * The demo's controlled players: picked from players 150–269 of the demo population, so that a
 * small demo (270 players) has them and the simulator's own tests (100 players and fewer) play
 * none of them.
 */
export function demoControls(now: number): DemoControl[] {
  // DEMO_PLAYERS (src/seed/demo.ts): no controls for players the demo will not have
  const demoPlayers = /^\d+$/.test(process.env.DEMO_PLAYERS ?? '') ? Number(process.env.DEMO_PLAYERS) : 2000;
  const players = new Population({ seed: DEMO_POPULATION.seed, uidBase: DEMO_POPULATION.uidBase })
    .first(270)
    .slice(150)
    // partner 1's players stay as they are: a small demo has few of them, and its partner screens need their play and cash-outs
    .filter((p) => !p.dealer && !p.cluster && p.index < demoPlayers && p.partner !== 1);
  const top = players.filter((p) => p.tier === 'top');
  const payers = players.filter((p) => p.payer && p.tier !== 'top');
  const regular = players.filter((p) => !p.payer && p.tier !== 'top');
  const none = { maxBet: 0, dayLossCap: 0, blocked: [] as string[], coolOffUntil: null, cashoutReview: false };
  const out: DemoControl[] = [];
  const add = (p: (typeof players)[number] | undefined, scope: ControlScope, body: Partial<DemoControl['body']> & { reason: string }) => {
    if (p && !out.some((c) => c.uid === p.uid && c.scope === scope)) out.push({ uid: p.uid, partner: p.partner, scope, body: { ...none, ...body } });
  };
  // a high roller asked for a limit on one bet: ₱10 (most of its stakes are above it)
  add(top[0], 'house', { maxBet: 1_000, reason: 'Asked for a betting limit (responsible gaming call, ticket RG-1041)' });
  // a player on a 30-day break
  add(top[1], 'house', {
    coolOffUntil: new Date(now + 2 * DAY).toISOString(),
    blocked: ['rocket', 'mines'],
    reason: 'Self-exclusion: 30-day cool-off requested by the player',
  });
  // a payer whose cash-outs a second reviewer approves
  add(payers[0], 'house', { cashoutReview: true, maxBet: 500_000, reason: 'Recharge and cash-out pattern under review (risk)' });
  add(payers[1], 'house', { maxBet: 200_000, blocked: ['scratch'], reason: 'Family member asked for limits' });
  // third-party limits that stay out of the way of the simulated providers (a day cap far above any simulated loss);
  // house controls are those the simulator plays by (bet cap, cool-off; blocks name games its bets do not name)
  add(regular[0], 'tp', { dayLossCap: 20_000_000, reason: "Third-party daily loss cap at the player's request" });
  add(top[2], 'tp', { coolOffUntil: new Date(now - 5 * DAY).toISOString(), reason: 'Cooled off after a complaint; the break is over' });
  return out;
}

/** Demo configuration of controls (before the players exist: the wallet reads the controls by uid). */
export async function seedControls(db: Db): Promise<void> {
  const now = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const at = new Date(now - 31 * DAY);
  const controls = demoControls(now);
  knowControls(
    controls
      .filter((c) => c.scope === 'house')
      .map((c) => ({ uid: c.uid, maxBet: c.body.maxBet, coolUntil: c.body.coolOffUntil ? Date.parse(c.body.coolOffUntil) : 0 })),
  );
  if (await db.selectFrom('player_control').select('uid').limit(1).executeTakeFirst()) return; // seeded before (a resumed seed)
  const note = { target: '', before: null as unknown, after: null as unknown };
  await db.transaction().execute(async (trx) => {
    const configs: Record<ControlScope, { maxBet: number; dayLossCap: number; refusalLogSeconds: number }> = {
      house: { maxBet: 5_000_000, dayLossCap: 0, refusalLogSeconds: 300 },
      tp: { maxBet: 0, dayLossCap: 100_000_000, refusalLogSeconds: 300 },
    };
    for (const scope of ['house', 'tp'] as const) {
      const saved = await saveItem({ db: trx, user: BUSINESS, now: at, note }, configItems(scope), '', 'update', () => configs[scope]);
      await logChange(trx, {
        at,
        scope,
        kind: 'config',
        actor: 'business',
        message: `Platform-wide limits (update, version ${saved.version})`,
        before: note.before,
        after: saved.doc,
      });
    }
    for (const c of controls) {
      const b = c.body;
      await trx
        .insertInto('player_control')
        .values({
          uid: c.uid,
          scope: c.scope,
          partner: c.partner,
          max_bet: b.maxBet || null,
          day_loss_cap: b.dayLossCap || null,
          blocked: JSON.stringify(b.blocked),
          cool_until: b.coolOffUntil ? new Date(b.coolOffUntil) : null,
          cashout_review: b.cashoutReview,
          reason: b.reason,
          updated_by: 'business',
          updated_at: at,
        })
        .execute();
      await logChange(trx, { at, scope: c.scope, kind: 'set', uid: c.uid, partner: c.partner, actor: 'business', message: b.reason, before: null, after: b });
    }
    // the demo providers' applications (domains/providers, when present): their bets are third-party play
    const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass('game_provider') IS NOT NULL AS exists`.execute(trx);
    if (rows[0]?.exists) {
      const { rows: providers } = await sql<{ app_id: string; name: string }>`SELECT app_id, name FROM game_provider ORDER BY code`.execute(trx);
      for (const p of providers) {
        await trx
          .insertInto('control_provider')
          .values({ app_id: p.app_id, game: '', name: p.name, max_bet: null, closed: false, updated_by: 'business', updated_at: at })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await logChange(trx, {
          at,
          scope: 'tp',
          kind: 'provider',
          appId: p.app_id,
          actor: 'business',
          message: p.name,
          before: null,
          after: { appId: p.app_id, game: '', name: p.name, maxBet: 0, closed: false },
        });
      }
    }
  });
  providersChanged();
}
