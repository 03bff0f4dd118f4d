/**
 * The simulated players: who they are, where they come from and how they play. Generated in
 * blocks of 500 with one random source per block, so the first n players are the same
 * whatever the total asked for (a live run finds the players a backfill made).
 *
 * Shares (docs/domain.md, est. where the doc gives none): most players have a device and an
 * address of their own; about 3% register in address clusters (3–6 accounts on one IP: a
 * household, an internet café), about 1.5% in device clusters (2–3 accounts on one phone,
 * sharing a GCash number), and every block holds one farm: 6–9 accounts from one device and
 * address within 2 minutes, invited by a "main" account they feed with transfers. Channels:
 * partner 0 for about 78%, partners 1 and 2 for the rest; 8% register with the demo sales
 * account's share code, 5% with the ground promoter's, 15% are invited by another player.
 * Coin dealers: three in every 400 players, the platform's (partner 0) and one of each of the
 * first two partners (a partner hands its chips to its own dealers, docs/domain.md). Players
 * of a partner (a club) buy from its dealers more often than the platform's own pay (8% against 3%, est.).
 */
import { playerName, BANKS, PACKAGES } from './catalog';
import { clamp, Rng } from './rng';
import type { Phone } from './types';

export const BLOCK = 500;
/** The share codes the demo seed gives the demo `sales` and `groundpromoter` console accounts. */
export const DEMO_SHARE_CODES = { sales: 'SL1001', groundpromoter: 'GP1001' } as const;
export const PHONE_COUNTRY = '+63';
/** The demo seed's population (src/seed/demo.ts); the CLI's live mode plays it by default. */
export const DEMO_POPULATION = { seed: 20261122, uidBase: 100_000 } as const;
/**
 * Positions of the coin dealers in every 400 players: the platform's, then the first and second
 * partner's (never inside a block's farm, which starts 20 to 60 players into its block).
 */
export const DEALER_SLOTS = [7, 11, 17] as const;

export type ClusterKind = 'ip' | 'device' | 'farm';

export interface SimPlayer {
  index: number;
  uid: number;
  name: string;
  deviceId: string;
  ip: string;
  /** Addresses the player also logs in from (mobile data changes address). */
  otherIps: string[];
  package: string;
  partner: number;
  shareId?: string;
  inviterUid?: number;
  phone?: Phone;
  /** Bound in the registration itself, or later with player.phoneBound (when phone is set). */
  phoneAtRegistration: boolean;
  gcash?: string;
  bank?: string;
  /** top: the 5% that play every fifth day with ≈188 bets a day. */
  tier: 'regular' | 'top';
  /** Median stake per round, in chips (1 chip = 1 centavo; median ₱5). */
  stake: number;
  payer: boolean;
  dealer: boolean;
  cluster?: { kind: ClusterKind; head: number };
  /** For a farm member: seconds after the farm's first registration. */
  burstOffset?: number;
}

export interface PopulationOptions {
  seed: number;
  uidBase: number;
  shareCodes?: { sales: string; groundpromoter: string };
  /** The partners that exist on the platform (default 1 and 2, the demo partners); empty: every player partner 0. */
  partners?: readonly number[];
}

const IP_PREFIXES = [
  [112, 198],
  [112, 204],
  [49, 144],
  [49, 145],
  [124, 106],
  [175, 176],
  [110, 54],
  [180, 190],
  [136, 158],
  [222, 127],
];

/** A distinct public address per counter value (PH mobile and broadband ranges). */
export function ipFor(counter: number): string {
  const [a, b] = IP_PREFIXES[counter % IP_PREFIXES.length];
  const rest = (Math.floor(counter / IP_PREFIXES.length) * 40503 + 12345) % 65536;
  return `${a}.${b}.${rest >> 8}.${rest & 255 || 1}`;
}

function deviceId(rng: Rng): string {
  if (rng.chance(0.7)) return rng.hex(16);
  const h = rng.hex(32).toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const MOBILE_PREFIXES = ['917', '918', '905', '915', '927', '956', '998', '999', '920', '939', '947', '961'];

function phone(rng: Rng): Phone {
  return { country: PHONE_COUNTRY, number: `${rng.pick(MOBILE_PREFIXES)}${rng.digits(7)}` };
}

function gcashOf(p: Phone | undefined, rng: Rng): string {
  return p && rng.chance(0.8) ? `0${p.number}` : `09${rng.digits(9)}`;
}

export class Population {
  readonly players: SimPlayer[] = [];
  private readonly root: Rng;
  private readonly codes: { sales: string; groundpromoter: string };

  constructor(private readonly options: PopulationOptions) {
    this.root = new Rng(options.seed).fork('population');
    this.codes = options.shareCodes ?? DEMO_SHARE_CODES;
  }

  /** The first n players (generating blocks as needed). */
  first(n: number): SimPlayer[] {
    while (this.players.length < n) this.block(this.players.length / BLOCK);
    return this.players.slice(0, n);
  }

  get(index: number): SimPlayer {
    return this.first(index + 1)[index];
  }

  private block(b: number): void {
    const rng = this.root.fork('block', b);
    const start = b * BLOCK;
    const farmAt = start + rng.int(20, 60);
    let i = start;
    let farmed = false;
    while (i < start + BLOCK) {
      if (i >= farmAt && !farmed) {
        farmed = true;
        i += this.cluster(rng, i, 'farm', rng.int(6, 9));
      } else if (rng.chance(0.0067)) {
        i += this.cluster(rng, i, 'ip', rng.int(3, 6));
      } else if (rng.chance(0.006)) {
        i += this.cluster(rng, i, 'device', rng.int(2, 3));
      } else {
        this.players.push(this.single(rng, i));
        i++;
      }
    }
    this.players.length = start + BLOCK; // a cluster at the end of a block is cut at its edge
  }

  private single(rng: Rng, index: number): SimPlayer {
    const uid = this.options.uidBase + index + 1;
    const top = rng.chance(0.05);
    const partners = this.options.partners ?? [1, 2];
    const slot = (DEALER_SLOTS as readonly number[]).indexOf(index % 400);
    const dealer = slot === 0 || (slot > 0 && partners.length >= slot);
    const ownPhone = rng.chance(0.7) ? phone(rng) : undefined;
    const channel = rng.next();
    let shareId: string | undefined;
    let inviterUid: number | undefined;
    const drawn: number = rng.weighted([
      [0, 78],
      [1, 14],
      [2, 8],
    ] as const);
    let partner = drawn && partners.length ? partners[(drawn - 1) % partners.length] : 0;
    if (channel < 0.08) {
      shareId = this.codes.sales;
      partner = 0;
    } else if (channel < 0.13) {
      shareId = this.codes.groundpromoter;
      partner = 0;
    } else if (channel < 0.28 && index > 0) {
      // preferential: a third of invitations come from the few "recruiters" (every 50th player)
      const j = rng.chance(0.33) && index > 50 ? 50 * rng.int(0, Math.floor((index - 1) / 50)) : rng.int(0, index - 1);
      const inviter = this.players[j];
      inviterUid = inviter.uid;
      shareId = String(inviter.uid);
      partner = inviter.partner;
    }
    if (dealer) {
      partner = slot === 0 ? 0 : partners[slot - 1];
      shareId = undefined;
      inviterUid = undefined;
    }
    return {
      index,
      uid,
      name: playerName(rng),
      deviceId: deviceId(rng),
      ip: ipFor(index * 4),
      otherIps: rng.chance(0.35) ? [ipFor(index * 4 + 1), ...(rng.chance(0.3) ? [ipFor(index * 4 + 2)] : [])] : [],
      package: rng.weighted(PACKAGES),
      partner,
      shareId,
      inviterUid,
      phone: ownPhone,
      phoneAtRegistration: ownPhone !== undefined && rng.chance(0.78),
      gcash: rng.chance(0.4) ? gcashOf(ownPhone, rng) : undefined,
      bank: rng.chance(0.08) ? rng.pick(BANKS) : undefined,
      tier: top || dealer ? 'top' : 'regular',
      stake: Math.round(clamp(rng.lognormal(top ? 1_000 : 500, 0.8), 100, 5_000) / 10) * 10,
      payer: dealer || rng.chance(top ? 0.35 : partner ? 0.08 : 0.03),
      dealer,
    };
  }

  /** A cluster of `size` consecutive players; returns how many were added. */
  private cluster(rng: Rng, head: number, kind: ClusterKind, size: number): number {
    const first = this.single(rng, head);
    first.cluster = { kind, head };
    this.players.push(first);
    const sharedGcash = kind !== 'ip' ? (first.gcash ?? `09${rng.digits(9)}`) : undefined;
    if (sharedGcash) first.gcash = sharedGcash;
    let offset = 0;
    for (let k = 1; k < size; k++) {
      const p = this.single(rng, head + k);
      p.cluster = { kind, head };
      if (!p.dealer) p.partner = first.partner;
      if (kind === 'ip' || kind === 'farm') p.ip = first.ip;
      if (kind === 'device' || kind === 'farm') {
        p.deviceId = first.deviceId;
        p.gcash = sharedGcash;
      }
      if (kind === 'farm') {
        // fresh accounts of one phone, invited by the first, registered seconds apart
        offset += rng.int(8, 16);
        p.burstOffset = offset;
        p.inviterUid = first.uid;
        p.shareId = String(first.uid);
        p.tier = 'regular';
        p.payer = false;
        p.dealer = false;
        p.partner = first.partner;
        p.phone = undefined;
        p.phoneAtRegistration = false;
        p.otherIps = [];
      }
      this.players.push(p);
    }
    if (kind === 'farm') first.burstOffset = 0;
    return size;
  }
}
