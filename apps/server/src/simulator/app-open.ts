/**
 * The player's app in live mode (live.ts), through the signed platform API as
 * docs/api/appsettings.md and docs/api/messages.md describe it:
 *   - at each login the app opens: it fetches its package's remote configuration for the player
 *     (GET /api/platform/appsettings with uid, deviceId and address), sending the ETag the
 *     simulator keeps for that package (one per package, not per player) as If-None-Match, so
 *     that an unchanged configuration is a 304; it reads the announcements live for its package
 *     the same way (GET /api/platform/messages/announcements, its own ETag per package); and it
 *     reads the player's inbox (GET /api/platform/messages/inbox, the 20 newest): an unread
 *     message is read (message.read) and an attachment still claimable is claimed
 *     (message.claimed; CLAIM_CHANCE at an open, else at a later one), a few seconds apart, in one
 *     POST /api/platform/messages/events. The console pays a claim once through the ledger; what
 *     it paid (chips, beans) is followed in the world. Event ids come from the message
 *     (`app-read-<id>`, `app-claim-<id>`), so a message claimed again answers `duplicate`, never a
 *     second payment;
 *   - a verification code (a phone bound at registration or later, a login or reset by code;
 *     behaviour.ts) is routed by the console first (GET /api/platform/sms/route), sent through
 *     the provider it answered (sms.sent, with the tick's events) and its delivery reported when
 *     the provider's report comes, seconds later (sms.result; `smsReport`: from the code, at the
 *     provider's ordinary failure rate). A code the console routes nowhere is not sent.
 * The calls are made once the tick's actions are sent (codes: before, so that sms.sent goes with
 * them) and count against the run's rate. Draws come from the app's own random source.
 */
import { conditionalGet, fetchConfig, newSmsPlayStats, routeCode, smsReport, type SmsPlayStats } from './appsettings';
import type { Ctx } from './behaviour';
import type { Rng } from './rng';
import type { TypeCount } from './sender';
import type { Phone, SignedCall } from './types';
import type { PlayerState } from './world';

export interface AppStats extends SmsPlayStats {
  /** App opens (logins); `configs` and `notModified` count the configuration's 200s and 304s. */
  opens: number;
  /** Announcement reads answered 200 and 304. */
  announcements: number;
  announcementsNotModified: number;
  /** Inbox reads. */
  inboxes: number;
  /** message.read and message.claimed: applied (a claim: paid), duplicate (repeated: the first answer again), rejected (refused). */
  reads: TypeCount;
  claims: TypeCount;
  /** What the claims paid, by currency. */
  paid: Partial<Record<string, number>>;
  /** `<call or event> <code> <message>` (ids left out) → how many were refused so. */
  refusals: Map<string, number>;
}

const count = (): TypeCount => ({ sent: 0, applied: 0, rejected: 0, duplicate: 0 });

export const newAppStats = (): AppStats => ({
  ...newSmsPlayStats(),
  opens: 0,
  announcements: 0,
  announcementsNotModified: 0,
  inboxes: 0,
  reads: count(),
  claims: count(),
  paid: {},
  refusals: new Map(),
});

/** Share of claimable attachments a player claims at an open (the others at a later open). */
export const CLAIM_CHANCE = 0.85;
/** Messages the app lists at an open. */
const INBOX_PAGE = 20;
/** Seconds between two taps in the inbox. */
const TAP_MS = 3_000;

interface InboxItem {
  messageId: number;
  attachment: { currency: string; amount: number } | null;
  readAt: string | null;
  state: 'unread' | 'read' | 'claimed' | 'expired';
}

interface MessageEvent {
  id: string;
  type: 'message.read' | 'message.claimed';
  at: string;
  data: { uid: number; messageId: number };
}

export class LiveApp {
  readonly stats = newAppStats();
  /** The last ETag of each package's configuration and announcements. */
  private readonly configTags = new Map<string, string>();
  private readonly noticeTags = new Map<string, string>();
  private opens: { s: PlayerState; at: number; ip: string }[] = [];
  private codes: { phone: Phone; code: string; purpose: string; at: number }[] = [];

  constructor(
    private readonly call: SignedCall,
    private readonly ctx: Ctx,
    private readonly rng: Rng,
    private readonly now: () => number,
  ) {}

  /** Hooks for behaviour.ts (Ctx.app). */
  readonly hooks: NonNullable<Ctx['app']> = {
    opened: (s, at, ip) => {
      this.opens.push({ s, at, ip });
    },
    code: (phone, code, purpose, at) => {
      this.codes.push({ phone, code, purpose, at });
    },
  };

  get pendingCodes(): number {
    return this.codes.length;
  }

  private refuse(key: string, message = ''): void {
    const k = `${key} ${message.replace(/\d+/g, 'n')}`.trim();
    this.stats.refusals.set(k, (this.stats.refusals.get(k) ?? 0) + 1);
  }

  /** Routes the codes asked for since the last time: sms.sent into the world, sms.result when its report comes. Returns the calls made. */
  async routeCodes(): Promise<number> {
    const todo = this.codes;
    this.codes = [];
    const { world } = this.ctx;
    for (const c of todo) {
      const chosen = await routeCode(this.call, c.phone, c.purpose, c.at, this.stats);
      if (!chosen) {
        this.refuse(`sms.route ${c.purpose}`);
        continue;
      }
      const provider = chosen.provider;
      world.event(c.at, 'sms.sent', { phone: c.phone, code: c.code, provider, purpose: c.purpose });
      this.stats.sent += 1;
      const report = smsReport(c.code, provider);
      // every code sent gets its report, even past the run's end
      this.ctx.schedule(
        c.at + report.after,
        (when) => {
          world.event(when, 'sms.result', { phone: c.phone, code: c.code, provider, ...report.data });
          this.stats[report.data.result] += 1;
        },
        true,
      );
    }
    return todo.length;
  }

  /** The apps opened since the last time (the players' logins are sent): configuration, announcements, inbox. Returns the calls made. */
  async openApps(): Promise<number> {
    const todo = this.opens;
    this.opens = [];
    let calls = 0;
    for (const { s, ip } of todo) {
      const at = Math.max(this.now(), s.lastSeen);
      const pkg = s.p.package;
      this.stats.opens += 1;
      const status = await fetchConfig(this.call, pkg, at, this.configTags, this.stats, { uid: s.p.uid, deviceId: s.p.deviceId, ip });
      if (status !== 200 && status !== 304) this.refuse(`appsettings ${status}`, pkg);
      calls += 1 + (await this.announcements(pkg, at + 500));
      calls += await this.inbox(s, at + 1500);
    }
    return calls;
  }

  private async announcements(pkg: string, at: number): Promise<number> {
    const status = await conditionalGet(this.call, '/api/platform/messages/announcements', `package=${encodeURIComponent(pkg)}`, at, this.noticeTags, pkg);
    if (status === 200) this.stats.announcements += 1;
    else if (status === 304) this.stats.announcementsNotModified += 1;
    else this.refuse(`announcements ${status}`, pkg);
    return 1;
  }

  /** Reads the player's inbox, then reads and claims; what a claim paid is followed in the world. */
  private async inbox(s: PlayerState, at: number): Promise<number> {
    const uid = s.p.uid;
    const answer = await this.call('GET', '/api/platform/messages/inbox', `uid=${uid}&limit=${INBOX_PAGE}`, at);
    this.stats.inboxes += 1;
    if (answer.status !== 200) {
      this.refuse(`inbox ${answer.status}`);
      return 1;
    }
    const items = (JSON.parse(answer.body).data.items ?? []) as InboxItem[];
    const events: MessageEvent[] = [];
    const attachments = new Map<number, { currency: string; amount: number }>();
    let when = at;
    // oldest first, as a player works down to the newest
    for (const m of [...items].reverse()) {
      const data = { uid, messageId: m.messageId };
      if (m.readAt === null && m.state !== 'claimed') {
        when += TAP_MS;
        events.push({ id: `app-read-${m.messageId}`, type: 'message.read', at: new Date(when).toISOString(), data });
      }
      if (m.attachment && (m.state === 'unread' || m.state === 'read') && this.rng.chance(CLAIM_CHANCE)) {
        when += TAP_MS;
        events.push({ id: `app-claim-${m.messageId}`, type: 'message.claimed', at: new Date(when).toISOString(), data });
        attachments.set(m.messageId, m.attachment);
      }
    }
    if (events.length === 0) return 1;
    const posted = await this.call('POST', '/api/platform/messages/events', JSON.stringify({ events }), when);
    const results =
      posted.status === 200
        ? ((JSON.parse(posted.body).data?.results ?? []) as { status: 'applied' | 'rejected' | 'duplicate'; code?: number; message?: string }[])
        : [];
    if (results.length !== events.length) {
      this.refuse(`messages.events ${posted.status}`);
      return 2;
    }
    events.forEach((e, n) => {
      const r = results[n];
      const c = e.type === 'message.read' ? this.stats.reads : this.stats.claims;
      c.sent += 1;
      c[r.status] += 1;
      if (r.status === 'rejected') this.refuse(`${e.type} ${r.code ?? ''}`, r.message);
      if (e.type === 'message.claimed' && r.status === 'applied') {
        const a = attachments.get(e.data.messageId)!;
        this.stats.paid[a.currency] = (this.stats.paid[a.currency] ?? 0) + a.amount;
        // the world follows what the console paid (it moves no diamonds)
        if (a.currency === 'chip' || a.currency === 'bean') s[a.currency] += a.amount;
      }
    });
    return 2;
  }
}
