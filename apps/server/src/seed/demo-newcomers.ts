/**
 * New players that demo steps after the history bring in (an agent's recruits, a
 * partner's booth players). They come as every player comes, through the signed platform API of
 * the seed's in-process console (demo-console.ts), each call at its own moment of the history:
 * `player.registered` with the partner and the share code or the inviter, the registration
 * bonus (a wallet credit, as the simulator's players get it), a phone bound later, a ₱100 GCash
 * top-up (the app's order and the channel's paid callback), and sittings: a login, then real
 * house-game rounds (simulator/rounds.ts: the bet debited, the win credited, or both in one settle
 * for an instant game; the round's record).
 *
 * Uids: NEWCOMER_UIDS, below the population's (100001…, which live mode extends upwards, and
 * the CLI backfill's 1000001…), so no simulator run ever registers one of them. Addresses never
 * used by the population (`ipFor` counters 4k+3; its players use 4i, 4i+1, 4i+2), devices drawn
 * from the plan's own seed, phones +63 917 00 <uid>.
 *
 * Deterministic: a plan sends the same ids (events, txIds, requestIds) every time, so a plan sent
 * again is answered with duplicates and first answers, and applies nothing twice.
 */
import { getGame } from '@console/games';
import type { Ctx } from '../simulator/behaviour';
import { REGISTER_BONUS } from '../simulator/behaviour';
import { Agenda } from '../simulator/agenda';
import { playerName } from '../simulator/catalog';
import { ipFor, PHONE_COUNTRY, type SimPlayer } from '../simulator/population';
import { Rng, seedOf } from '../simulator/rng';
import { HOUSE_PLAY, playHouseRound } from '../simulator/rounds';
import type { SignedClient } from '../simulator/transport';
import type { Action, Phone } from '../simulator/types';
import { REASONS, World } from '../simulator/world';

const SECOND = 1000;

/** Blocks of uids for the demo steps' newcomers (each step its own), all within first…last. */
export const NEWCOMER_UIDS = { recruits: 90_000, booth: 90_500, first: 90_001, last: 99_999 } as const;

export interface Newcomer {
  uid: number;
  partner: number;
  /** The share code it registered with (an agent's uid for an invitee, a promoter's code). */
  shareId?: string;
  inviterUid?: number;
  registerAt: number;
  /** A phone given at registration; `phoneBoundAt`: bound later instead. */
  phoneAtRegistration?: boolean;
  phoneBoundAt?: number;
  /** Registers on the device of another newcomer of the plan (a friend's phone). */
  deviceOf?: number;
  /** ₱100 GCash top-ups at these moments. */
  topUps?: number[];
  /** Sittings (a login, then two house-game rounds) at these moments. */
  sittings?: number[];
}

export interface NewcomerFigures {
  registered: number;
  sittings: number;
  topUps: number;
  calls: number;
  duplicates: number;
  refused: number;
  /** Refusals by call and message (none expected). */
  why: Record<string, number>;
}

export const newcomerPhone = (uid: number): Phone => ({ country: PHONE_COUNTRY, number: `91700${String(uid).padStart(5, '0').slice(-5)}` });

/**
 * Sends the plan through `client` (the demo console's signed client, which moves the clock to
 * each call's moment). `prefix` names the plan's ids (one prefix a plan, never reused).
 */
export async function bringInNewcomers(client: SignedClient, prefix: string, plan: readonly Newcomer[]): Promise<NewcomerFigures> {
  const actions: Action[] = [];
  const world = new World(`${prefix}-`, (a) => actions.push(a));
  const rng = new Rng(seedOf('demo-newcomers', prefix));
  const agenda = new Agenda();
  const ctx: Ctx = {
    world,
    rng,
    online: new Set(),
    recent: [],
    dealers: [],
    schedule: (at, fn, must) => agenda.add(at, fn, must),
    dayOf: (at) => Math.floor(at / 86_400_000),
  };
  const devices = new Map<number, string>();
  const figures: NewcomerFigures = { registered: 0, sittings: 0, topUps: 0, calls: 0, duplicates: 0, refused: 0, why: {} };
  const refuse = (what: string, message: string | undefined) => {
    figures.refused++;
    const key = `${what}: ${message ?? ''}`;
    figures.why[key] = (figures.why[key] ?? 0) + 1;
  };
  for (const n of plan) {
    const deviceId = n.deviceOf !== undefined ? devices.get(n.deviceOf)! : rng.hex(16);
    devices.set(n.uid, deviceId);
    const phone = n.phoneAtRegistration || n.phoneBoundAt !== undefined ? newcomerPhone(n.uid) : undefined;
    const p: SimPlayer = {
      index: -1,
      uid: n.uid,
      name: playerName(rng),
      deviceId,
      ip: ipFor(4 * n.uid + 3),
      otherIps: [],
      package: 'com.demo',
      partner: n.partner,
      shareId: n.shareId,
      inviterUid: n.inviterUid,
      phone,
      phoneAtRegistration: Boolean(n.phoneAtRegistration),
      tier: 'regular',
      stake: 100 * rng.int(1, 3),
      payer: (n.topUps?.length ?? 0) > 0,
      dealer: false,
    };
    agenda.add(
      n.registerAt,
      (at) => {
        world.register(
          at,
          {
            uid: p.uid,
            name: p.name,
            ip: p.ip,
            deviceId: p.deviceId,
            package: p.package,
            ...(p.partner ? { partner: p.partner } : {}),
            ...(p.phoneAtRegistration ? { phone } : {}),
            ...(p.shareId ? { shareId: p.shareId } : {}),
            ...(p.inviterUid ? { inviterUid: p.inviterUid } : {}),
          },
          p,
        );
        world.wallet(at + SECOND, 'credit', { uid: p.uid, amount: REGISTER_BONUS, reason: REASONS.register, ref: `register:${p.uid}` });
        figures.registered++;
      },
      true,
    );
    if (n.phoneBoundAt !== undefined && phone) agenda.add(n.phoneBoundAt, (at) => world.event(at, 'player.phoneBound', { uid: p.uid, phone }), true);
    for (const [i, at] of (n.topUps ?? []).entries()) {
      agenda.add(
        at,
        (when) => {
          const requestId = `${prefix}-topup-${p.uid}-${i}`;
          world.payment(
            when,
            {
              op: 'recharge',
              requestId,
              uid: p.uid,
              productId: 'php100',
              channel: 'gcash',
              price: 10_000,
              os: 'android',
              callbacks: [{ after: 70 * SECOND, status: 'paid', amount: 10_000, channelOrderId: `GCASH-${requestId.toUpperCase()}` }],
            },
            10_000,
          );
          figures.topUps++;
        },
        true,
      );
    }
    for (const at of n.sittings ?? []) {
      agenda.add(
        at,
        (when) => {
          const s = world.state(p.uid)!;
          world.event(when, 'player.login', { uid: p.uid, ip: p.ip, deviceId: p.deviceId, durationSeconds: rng.int(8, 25) * 60 });
          const game = getGame(rng.weighted(HOUSE_PLAY.map(([g, w]) => [g, w] as const)));
          let t = when + 30 * SECOND;
          for (let round = 0; round < 2; round++) {
            const amount = Math.min(s.p.stake * rng.int(1, 3), Math.floor(s.chip / 100) * 100, game.defaults.maxBet as number);
            if (amount < 100) break;
            const played = playHouseRound(ctx, s, game, t, amount, 0, `${game.id}-t${rng.int(1, 20)}`);
            t = played.end + rng.int(5, 40) * SECOND;
          }
          figures.sittings++;
        },
        true,
      );
    }
  }
  agenda.runUntil(Infinity);
  // in time order (stable: a round's debit before its win, its win before its record)
  const ordered = actions
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.at - y.a.at || x.i - y.i)
    .map((x) => x.a);
  for (const a of ordered) {
    figures.calls++;
    if (a.kind === 'event') {
      const [r] = await client.events([a.event], a.at);
      if (r?.status === 'duplicate') figures.duplicates++;
      else if (r?.status !== 'applied') refuse(a.event.type, r?.message);
    } else if (a.kind === 'debit' || a.kind === 'credit') {
      const answer = await client.wallet(a.kind, a.body, a.at);
      if (answer.status !== 200) refuse(`${a.kind} ${a.body.reason}`, answer.message);
    } else if (a.kind === 'settle') {
      const answer = await client.settle(a.body, a.at);
      if (answer.status !== 200) refuse(`settle ${a.body.reason}`, answer.message);
    } else if (a.kind === 'batch') {
      for (const [i, r] of (await client.batch(a.ops, a.at)).entries()) {
        if (r.status === 'rejected') refuse(`${a.ops[i].op} ${a.ops[i].reason}`, r.message);
      }
    } else if (a.kind === 'payment') {
      const answer = await client.payment(a.payment, a.at);
      if (answer.status !== 200) refuse(a.payment.op, answer.message);
    }
  }
  return figures;
}
