/**
 * /activities: one generic set of staff operations per activity of
 * @console/activities, each naming its own catalogue screen (so each checks that screen's
 * roles: business reads a dashboard, only admin saves a config), and the platform calls by
 * which an app shows its player the live activities and claims. docs/api/activities.md.
 *
 *   GET  /api/activities/<id>/dashboard          participants, claims, rewards and budget use by day
 *   GET  /api/activities/<id>/players            participants (+ /export); …/players/rewards every reward paid (+ /export)
 *   GET  /api/activities/<id>/configs            settings in force, version, what a save would reset
 *   POST /api/activities/<id>/configs/update     overwrite (400 naming the field); new version; resets the current period's unfinished progress
 *   GET  /api/activities/<id>/configs/versions   history (+ /export); POST …/versions/restore
 *   GET  /api/activities/<id>/configlogs         the same history, for the readers of the configlogs screen
 *   GET  /api/activities/<id>/invitedetail       inviter → invitee rows, valid under the activity's invitee rule or why not (+ /export)
 *   GET  /api/activities/activityzone            the app's activity zone (order, visibility, banners); POST …/update, …/versions
 *   GET  /api/platform/activities                the live activities of a player with progress and tiers
 *   POST /api/platform/activities/claim          pays a reached tier once (idempotent)
 */
import { ACTIVITIES, ACTIVITY_IDS, FOREVER, inviteeWhyNot, periodOf, type Activity, type InviteeRule } from '@console/activities';
import { findScreen } from '@console/catalog';
import {
  activityClaimAnswer,
  activityClaimBody,
  activityConfigAnswer,
  activityConfigUpdateBody,
  activityDashboard,
  activityPlayerRow,
  activityRewardRow,
  configVersion,
  inviteDetailRow,
  platformActivitiesQuery,
  platformActivity,
} from '@console/schemas';
import { describeZodError, whole } from '@console/games';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { contains, dateRange, defineList, eqInt, eqText, listOperations, sortBy, type ListSpec } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { isoInConsoleZone } from '../../http/time';
import { summaryOperation } from '../../reports/summary';
import { saveItem, toVersion, versionOperations, type VersionedItems } from '../../settings/versions';
import { settingsDocument, parseWith, versionOperationsThen } from './document';
import {
  activityConfig,
  activityDocument,
  applyNewVersion,
  claim,
  claimError,
  evaluateFor,
  inviteeOf,
  preload,
  recordParticipant,
  unfinishedParticipants,
} from './engine';
import { dashboard, invitedPlayers, inviteeValidFilter, lastVersion, participantsWithNames, rewardsWithNames, versionsOfKind } from './screens';

const tags = ['activities'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
const iso = (v: unknown) => isoInConsoleZone(v as Date);

export type Settings = Record<string, unknown>;
export const configKind = (id: string) => `activities.${id}`;

/** The catalogue screens of an activity (relief is one config screen; onlinesign names its config screen `config`). */
export function activityScreens(a: Activity) {
  const base = `/activities/${a.id}`;
  const at = (s: string) => (findScreen(`${base}/${s}`) ? `${base}/${s}` : null);
  return {
    base,
    dashboard: at('dashboard'),
    players: at('players'),
    configs: at('configs') ?? at('config') ?? (findScreen(base) ? base : null),
    configlogs: at('configlogs'),
    invitedetail: at('invitedetail'),
  };
}

/** The versioned settings of one activity (one document, key 'settings'). */
export const activityItems = (a: Activity, screen: string) => activityDocument(a, screen).items as unknown as VersionedItems<Settings>;

// ------------------------------------------------------------------------------ invitedetail

/**
 * The invitedetail list of an activity under one invitee rule (the settings in force): one row
 * per invited player (player_inviter_idx), the inviter's partner scoping it; `valid` and `why`
 * from the declaration's rule (inviteeWhyNot), the `valid` filter its SQL twin.
 */
function inviteDetailSpec(a: Activity, screen: string, rule: InviteeRule): ListSpec {
  return defineList({
    url: `/api/activities/${a.id}/invitedetail`,
    name: `activities.${a.id}.invitedetail`,
    screen,
    tags,
    paging: 'keyset',
    summary:
      `${a.name.en}: every invited player with the inviter, registration, phone, device, rounds, first paid recharge and valid bet, and whether ` +
      "the invitee counts under the activity's rule in force (why not): filters inviterUid, uid, valid, from/to (registered)",
    from: invitedPlayers,
    partner: 'x.partner',
    id: 'x.id',
    filters: {
      inviterUid: eqInt('x.inviter_uid', 1),
      uid: eqInt('x.uid', 1),
      valid: inviteeValidFilter(rule),
      time: dateRange('x.registered_at'),
    },
    sorts: { registeredAt: sortBy.time('x.registered_at'), uid: sortBy.int('x.id') },
    defaultSort: { key: 'registeredAt', order: 'descend' },
    item: inviteDetailRow,
    row: (x) => {
      const why = inviteeWhyNot(rule, inviteeOf(x, x.valid_bet));
      return {
        id: x.id,
        inviterUid: x.inviter_uid,
        inviterName: x.inviter_name,
        partner: x.partner,
        uid: x.uid,
        name: x.name,
        registeredAt: isoInConsoleZone(x.registered_at),
        phoneBound: x.phone_bound,
        newPhone: x.new_phone,
        device: x.device,
        newDevice: x.new_device,
        rounds: x.rounds,
        firstDeposit: x.first_deposit,
        firstDepositAt: x.first_deposit_at && isoInConsoleZone(x.first_deposit_at),
        validBet: x.valid_bet,
        valid: why === null,
        why,
      };
    },
  });
}

/** The list and export of invitedetail: declared under the default rule, each request run under the rule of the settings in force. */
function inviteDetailOperations(a: Activity, screen: string): Operation[] {
  const ruleOf = (settings: unknown) => a.invitee!(settings as never);
  return listOperations(inviteDetailSpec(a, screen, ruleOf(a.defaults))).map((op, i) => ({
    ...op,
    handler: async (ctx: Parameters<Operation['handler']>[0]) => {
      const cfg = await activityConfig(ctx.db, a);
      return listOperations(inviteDetailSpec(a, screen, ruleOf(cfg.settings)))[i].handler(ctx);
    },
  }));
}

// ------------------------------------------------------------------------------ activityzone

export const ZONE_SCREEN = '/activities/activityzone';
const ZONE_KEY = 'activityzone';
const banner = z.string({ message: 'Expected text' }).max(100, { message: 'Must be at most 100 characters' });
/** The app's activity zone: which activities it shows and in what order, with a banner each (≤ 100 characters a language). */
export const zoneDocument = z.strictObject({
  items: z
    .array(
      z.strictObject({
        activity: z.enum(ACTIVITY_IDS, { message: 'Unknown activity' }),
        visible: z.boolean({ message: 'Expected true or false' }),
        order: whole(0, 10_000),
        banner: z.strictObject({ en: banner, zh: banner }),
      }),
    )
    .max(ACTIVITY_IDS.length)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((it, i) => {
        if (seen.has(it.activity)) ctx.addIssue({ code: 'custom', path: [i, 'activity'], message: 'Listed twice' });
        seen.add(it.activity);
      });
    }),
});
export type ZoneDocument = z.infer<typeof zoneDocument>;
const ZONE_DEFAULT: ZoneDocument = { items: [] };
/** Versioned in config_version only (the GET's version is the last save); a stored zone that no longer fits: the default. */
const zone = settingsDocument<ZoneDocument>({
  key: ZONE_KEY,
  parse: parseWith(zoneDocument),
  defaults: ZONE_DEFAULT,
  closed: (d) => d,
  screen: ZONE_SCREEN,
  kind: configKind(ZONE_KEY),
  noun: 'Activity zone',
  restorable: z.custom<ZoneDocument>((v) => zoneDocument.safeParse(v).success, { message: 'is not an activity zone' }),
  historyReads: 'stored',
  removed: 'defaults',
});

/** The zone in force (stored beside the activities' settings under activity 'activityzone'; the default: every activity, catalogue order). */
export async function zoneOf(db: Db): Promise<ZoneDocument> {
  return (await zone.read(db)).settings;
}

/** The zone's banner of an activity in a language: null when the activity is not listed or its banner is blank. */
export function zoneBanner(zone: ZoneDocument, activity: string, lang: 'en' | 'zh'): string | null {
  const text = zone.items.find((it) => it.activity === activity)?.banner[lang].trim();
  return text ? text : null;
}

/** Activities in zone order: hidden ones left out, listed ones by `order` (ties: catalogue order), unlisted ones after them. */
export function applyZone<T extends { id: string }>(activities: readonly T[], zone: ZoneDocument): T[] {
  const by = new Map(zone.items.map((it) => [it.activity as string, it]));
  const rank = (a: T, i: number) => [by.has(a.id) ? 0 : 1, by.get(a.id)?.order ?? 0, i];
  return activities
    .map((a, i) => ({ a, r: rank(a, i) }))
    .filter(({ a }) => by.get(a.id)?.visible !== false)
    .sort((x, y) => x.r[0] - y.r[0] || x.r[1] - y.r[1] || x.r[2] - y.r[2])
    .map(({ a }) => a);
}

const zoneItems = zone.items as unknown as VersionedItems<Settings>;

const zoneOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: '/api/activities/activityzone',
    name: 'activities.activityzone',
    screen: ZONE_SCREEN,
    tags,
    summary:
      "The app's activity zone in force: {items:[{activity, visible, order, banner:{en, zh}}]} (version: the last save, 0: never saved: every activity in catalogue order) and the activity ids",
    response: z.object({ code: z.literal(200), data: z.object({ zone: zoneDocument, version: z.number(), activities: z.array(z.string()) }) }),
    handler: async ({ db }) => {
      const version = await lastVersion(db, configKind(ZONE_KEY));
      return ok({ zone: await zoneOf(db), version, activities: [...ACTIVITY_IDS] });
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/activities/activityzone/update',
    name: 'activities.activityzone.update',
    screen: ZONE_SCREEN,
    tags,
    audit: true,
    summary:
      'Overwrites the activity zone with the whole document; 400 naming the field (zone.items.0.banner.en: Must be at most 100 characters, ' +
      'zone.items.1.activity: Listed twice); a new version. The platform list applies it at once',
    body: z.object({ zone: z.unknown() }),
    response: z.object({ code: z.literal(200), data: z.object({ version: z.number() }) }),
    handler: async ({ db, user, now, note, body }) => {
      const parsed = zoneDocument.safeParse(body.zone);
      if (!parsed.success) throw new ApiError(400, `zone.${describeZodError(parsed.error, body.zone)}`);
      const saved = await saveItem({ db, user, now, note }, zoneItems, 'settings', 'update', () => parsed.data as unknown as Settings);
      return ok({ version: saved.version });
    },
  }),
  ...versionOperations(zoneItems, { base: '/api/activities/activityzone/versions', name: 'activities.activityzone.versions', tags }),
];

/** The operations of one activity, for each of its screens the catalogue has. */
export function activityOperations(a: Activity): Operation[] {
  const sc = activityScreens(a);
  const url = (s: string) => `/api/activities/${a.id}/${s}`;
  const name = (s: string) => `activities.${a.id}.${s}`;
  const ops: Operation[] = [];
  if (sc.dashboard) {
    ops.push(
      summaryOperation({
        url: url('dashboard'),
        name: name('dashboard'),
        screen: sc.dashboard,
        response: activityDashboard,
        summary: `${a.name.en}: participants (by the day they joined), claims, players rewarded, amount paid and budget use, by day and over the range; players by state`,
        load: (db, user, r, _q, now) => dashboard(db, user, a, r, now),
      }),
    );
  }
  if (sc.players) {
    ops.push(
      ...listOperations(
        defineList({
          url: url('players'),
          name: name('players'),
          screen: sc.players,
          tags,
          paging: 'keyset',
          summary: `${a.name.en}'s participants, one row per player and period, last change first: filters uid, period, state, from/to (last change)`,
          from: (db: Db) => participantsWithNames(db, a.id),
          partner: 'ap.partner',
          id: 'ap.id',
          filters: {
            uid: eqInt('ap.uid', 1),
            period: eqText('ap.period', 64),
            state: eqText('ap.state', 32),
            time: dateRange('ap.updated_at'),
          },
          sorts: { updatedAt: sortBy.time('ap.updated_at') },
          defaultSort: { key: 'updatedAt', order: 'descend' },
          item: activityPlayerRow,
          row: (x) => ({
            id: x.id,
            uid: x.uid,
            name: x.name ?? '',
            partner: x.partner,
            period: x.period,
            state: x.state,
            progress: x.progress,
            target: x.target === null ? null : x.target,
            rewards: x.rewards,
            rewarded: x.rewarded,
            configVersion: x.config_version,
            firstAt: iso(x.first_at),
            updatedAt: iso(x.updated_at),
            resetAt: x.reset_at ? iso(x.reset_at) : null,
          }),
        }),
      ),
    );
    ops.push(
      ...listOperations(
        defineList({
          url: `${url('players')}/rewards`,
          name: `${name('players')}.rewards`,
          screen: sc.players,
          tags,
          paging: 'keyset',
          summary: `Every reward ${a.name.en} paid (one ledger entry each), newest first: filters uid, period, tier, from/to`,
          from: (db: Db) => rewardsWithNames(db, a.id),
          partner: 'r.partner',
          id: 'r.id',
          filters: { uid: eqInt('r.uid', 1), period: eqText('r.period', 64), tier: eqText('r.tier', 32), time: dateRange('r.at') },
          sorts: { at: sortBy.time('r.at') },
          defaultSort: { key: 'at', order: 'descend' },
          item: activityRewardRow,
          row: (x) => ({
            id: x.id,
            uid: x.uid,
            name: x.name ?? '',
            partner: x.partner,
            period: x.period,
            tier: x.tier,
            currency: x.currency,
            amount: x.amount,
            configVersion: x.config_version,
            device: x.device ?? null,
            phone: x.phone ?? null,
            gcash: x.gcash ?? null,
            appId: x.app_id,
            at: iso(x.at),
          }),
        }),
      ),
    );
  }
  if (sc.configs) {
    const items = activityItems(a, sc.configs);
    const cfgUrl = url('configs');
    const answer = async (db: Db, now: Date) => {
      const cfg = await activityConfig(db, a);
      const current = periodOf(a, cfg.settings, now);
      const unfinished = current ? await unfinishedParticipants(db, a, current.key) : 0;
      return {
        activity: a.id,
        name: a.name,
        rules: a.rules,
        version: cfg.version,
        savedAt: cfg.savedAt ? iso(cfg.savedAt) : null,
        settings: cfg.settings as unknown as Settings,
        defaults: a.defaults as unknown as Settings,
        running: cfg.settings.open && current !== null,
        period: current?.key ?? null,
        unfinished,
      };
    };
    ops.push(
      defineOperation({
        method: 'GET',
        url: cfgUrl,
        name: name('configs'),
        screen: sc.configs,
        tags,
        summary: `${a.name.en}'s settings in force (version 0: never saved, the defaults), whether it is running, and how many unfinished participants a save would reset`,
        response: z.object({ code: z.literal(200), data: activityConfigAnswer }),
        handler: async ({ db, now }) => ok(await answer(db, now)),
      }),
      defineOperation({
        method: 'POST',
        url: `${cfgUrl}/update`,
        name: `${name('configs')}.update`,
        screen: sc.configs,
        tags,
        audit: true,
        summary:
          `Overwrites ${a.name.en}'s settings with the whole document (the screen confirms first, §5); 400 naming the field ` +
          "(settings.endAt: Must be after startAt); a new version; the current period's unfinished progress starts again, paid rewards stay",
        body: activityConfigUpdateBody,
        response: z.object({ code: z.literal(200), data: z.object({ version: z.number(), reset: z.number() }) }),
        handler: async ({ db, user, now, note, body }) => {
          const parsed = a.parseSettings(body.settings);
          if (!parsed.ok) throw new ApiError(400, `settings.${parsed.message}`);
          const saved = await saveItem({ db, user, now, note }, items, 'settings', 'update', () => parsed.value as unknown as Settings);
          const reset = await applyNewVersion(db, a, saved.version, now);
          note.after = { ...(note.after as object), reset };
          return ok({ version: saved.version, reset });
        },
      }),
      ...versionOperationsThen(items, { base: `${cfgUrl}/versions`, name: `${name('configs')}.versions`, tags }, (db, version, now) =>
        applyNewVersion(db, a, version, now),
      ),
    );
  }
  if (sc.configlogs) {
    ops.push(
      ...listOperations(
        defineList({
          url: url('configlogs'),
          name: name('configlogs'),
          screen: sc.configlogs,
          tags,
          paging: 'page',
          summary: `Every change of ${a.name.en}'s settings (who, when, action, the document before and after), newest first: filters actor, action`,
          from: (db: Db) => versionsOfKind(db, configKind(a.id)),
          partner: 'partner',
          id: 'id',
          filters: { actor: eqText('actor', 64), action: contains('action', 64), time: dateRange('at') },
          sorts: { id: sortBy.int('id'), at: sortBy.time('at') },
          defaultSort: { key: 'id', order: 'descend' },
          item: configVersion,
          row: toVersion,
        }),
      ),
    );
  }
  if (sc.invitedetail && a.invitee) ops.push(...inviteDetailOperations(a, sc.invitedetail));
  return ops;
}

export const activityStaffOperations: Operation[] = [...ACTIVITIES.flatMap(activityOperations), ...zoneOperations];

export const activityPlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/activities',
    name: 'platform.activities.list',
    scope: 'config.read',
    summary:
      'The activities open for a player now (and earlier periods still open for claims), in `lang`, each with its state, progress, target and tiers ' +
      "(reached or why not) and the activity zone's banner (null: none); `blocked` names why the player may not claim at all (banned, suspended, self-excluded). Records the player as a participant " +
      'where there is progress. 404 unknown player',
    query: platformActivitiesQuery,
    response: z.object({ code: z.literal(200), data: z.object({ uid: z.number(), items: z.array(platformActivity) }) }),
    handler: async ({ db, query, now }) => {
      const lang = query.lang ?? 'en';
      const items = [];
      // the activity zone: hidden activities left out, the rest in its order, with its banners
      const zone = await zoneOf(db);
      const shown = applyZone(ACTIVITIES, zone);
      // the player, every activity's settings and the player's rewards read once, not once per activity
      const pre = await preload(db, shown, query.uid);
      for (const a of shown) {
        for (const e of await evaluateFor(db, a, query.uid, now, undefined, pre)) {
          await recordParticipant(db, e, now);
          items.push({
            activity: a.id,
            name: a.name[lang],
            rules: a.rules[lang],
            period: e.period.key,
            periodEndsAt: e.period.end.getTime() >= FOREVER.getTime() ? null : iso(e.period.end),
            configVersion: e.config.version,
            state: e.evaluation.state,
            progress: e.evaluation.progress,
            target: e.evaluation.target,
            blocked: e.blocked,
            tiers: e.evaluation.tiers.map((t) => ({
              tier: t.tier,
              label: t.label[lang],
              currency: t.currency,
              amount: t.amount,
              reached: t.reached && !e.blocked,
              why: e.blocked ?? t.why ?? null,
            })),
            banner: zoneBanner(zone, a.id, lang),
          });
        }
      }
      return ok({ uid: query.uid, items });
    },
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/activities/claim',
    name: 'platform.activities.claim',
    scope: 'events',
    summary:
      'Claims a reached tier of an activity for a player: pays it through the ledger once (reason activity.<id>, idempotency key ' +
      'activity:<id>:<period>:<uid>:<tier>); the same claim again answers the first payment with repeated: true. 409 with the reason: ' +
      'not reached (why), Activity is closed / not running, Budget exhausted, Daily budget exhausted, Player cap reached, Device / Phone / GCash account ' +
      'already rewarded, Player is banned / suspended / self-excluded; 404 unknown player or activity',
    body: activityClaimBody,
    response: z.object({ code: z.literal(200), data: activityClaimAnswer }),
    handler: async ({ db, app, body, now }) => {
      try {
        return ok(
          await db
            .transaction()
            .execute((trx) => claim(trx, { appId: app.appId, uid: body.uid, activity: body.activity, tier: body.tier, period: body.period, now })),
        );
      } catch (error) {
        throw claimError(error);
      }
    },
  }),
];
