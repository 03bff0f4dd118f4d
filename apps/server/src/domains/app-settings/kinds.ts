/**
 * The app-settings screens, each declared once with settings.ts: the SMS providers for domestic
 * (localconfig) and international (globalconfig) numbers, the game store's gift packs, award
 * tables, regional and IP blocks, the allow list; and smsconfig, one document of routing rules.
 */
import {
  AWARD_USES,
  awardBody,
  awardItem,
  giftPackItem,
  shieldItem,
  smsProviderItem,
  whiteItem,
  awardRef,
  giftPackBody,
  giftPackRef,
  SHIELD_KINDS,
  shieldBody,
  shieldRef,
  SMS_FUNCTIONS,
  smsProviderBody,
  smsProviderRef,
  smsSettingsBody,
  WHITE_KINDS,
  whiteBody,
  whiteRef,
  type AwardBody,
  type GiftPackBody,
  type ShieldBody,
  type SmsProviderBody,
  type SmsScope,
  type SmsSettings,
  type WhiteBody,
  requiredText,
} from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/open';
import { conflict } from '../../http/api-error';
import { custom } from '../../http/list';
import { defineSettingKind, versionedSetting } from './settings';

export const SMS = '/remoteconfig/sms';
export const SCREENS = {
  smslogs: `${SMS}/smslogs`,
  smsconfig: `${SMS}/smsconfig`,
  localconfig: `${SMS}/localconfig`,
  globalconfig: `${SMS}/globalconfig`,
  gamestore: '/remoteconfig/gamestore',
  awardconfigs: '/remoteconfig/awardconfigs',
  shielddomesticconfigs: '/remoteconfig/shielddomesticconfigs',
  whiteconfigs: '/remoteconfig/whiteconfigs',
} as const;

// ------------------------------------------------------------------------------------ SMS providers

export const providerKey = (d: { countryCode: string; id: string }) => `${d.countryCode}:${d.id}`;

const providers = (scope: SmsScope, screen: string, kind: string) =>
  defineSettingKind<SmsProviderBody>({
    screen,
    kind,
    noun: 'SMS provider',
    body: smsProviderBody,
    ref: smsProviderRef,
    keyOf: (d) => providerKey(d as SmsProviderBody),
    index: (d) => ({ label: `${d.id} ${d.name}`, category: d.function, sortOrder: d.rank, enabled: d.enabled }),
    list: {
      search: 'name',
      categories: SMS_FUNCTIONS,
      summary:
        `SMS providers for ${scope === 'local' ? 'domestic' : 'international'} numbers (key countryCode:id): filters name (id or name, substring), ` +
        'category (function), enabled, countryCode; by rank',
      filters: {
        countryCode: custom(z.string().regex(/^(\*|\d{1,4})$/, { message: 'Must be a country code or *' }), (v) => sql<SqlBool>`doc->>'countryCode' = ${v}`),
      },
      item: smsProviderItem,
    },
  });

export const localProviders = providers('local', SCREENS.localconfig, 'localconfig');
export const globalProviders = providers('global', SCREENS.globalconfig, 'globalconfig');

// ------------------------------------------------------------------------------------ smsconfig

/** Until saved: +63 is domestic; a provider failing more than 30% of at least 20 results in the last hour is skipped. */
export const DEFAULT_SMS_SETTINGS: SmsSettings = Object.freeze({
  domesticCountry: '63',
  failureLimitPercent: 30,
  windowMinutes: 60,
  minResults: 20,
  fallback: true,
});

export const smsSettingsItems = versionedSetting<SmsSettings>(SCREENS.smsconfig, 'smsconfig', 'SMS settings', smsSettingsBody, () => ({
  label: 'smsconfig',
  category: '',
  sortOrder: 0,
  enabled: true,
}));

export async function smsSettings(db: Db): Promise<SmsSettings> {
  const row = await db.selectFrom('app_setting').select('doc').where('kind', '=', 'smsconfig').where('key', '=', '').executeTakeFirst();
  return row ? (row.doc as SmsSettings) : { ...DEFAULT_SMS_SETTINGS };
}

// ------------------------------------------------------------------------------------ game store

async function packagesExist(db: Db, packages: readonly string[]): Promise<void> {
  if (packages.length === 0) return;
  const found = new Set((await db.selectFrom('payment_package').select('package').where('package', 'in', packages).execute()).map((r) => r.package));
  const missing = packages.find((p) => !found.has(p));
  if (missing !== undefined) throw conflict(`Package ${missing} does not exist`);
}

export const giftPacks = defineSettingKind<GiftPackBody>({
  screen: SCREENS.gamestore,
  kind: 'gamestore',
  noun: 'Gift pack',
  body: giftPackBody,
  ref: giftPackRef,
  keyOf: (d) => String(d.id),
  index: (d) => ({ label: `${d.id} ${d.name}`, category: '', sortOrder: d.sortOrder, enabled: d.enabled }),
  check: (db, d) => packagesExist(db, d.packages),
  list: {
    search: 'name',
    summary: 'Gift packs (§3: id, name, message, gold, diamond) with price (centavos) and the store packages that sell each: filters name, package, enabled',
    filters: { package: custom(requiredText(128), (v) => sql<SqlBool>`doc->'packages' ? ${v}`) },
    item: giftPackItem,
  },
});

// ------------------------------------------------------------------------------------ awards

export const awards = defineSettingKind<AwardBody>({
  screen: SCREENS.awardconfigs,
  kind: 'awardconfigs',
  noun: 'Award',
  body: awardBody,
  ref: awardRef,
  keyOf: (d) => String(d.id),
  index: (d) => ({ label: `${d.id} ${d.name}`, category: d.use, sortOrder: 0, enabled: d.enabled }),
  list: {
    search: 'name',
    categories: AWARD_USES,
    summary: 'Award tables that activities and messages name by id (chips, beans, diamonds, bonus): filters name, category (use), enabled',
    item: awardItem,
  },
});

/** An enabled award by id, for activities and messages (null: none such). */
export async function awardById(db: Db, id: string): Promise<AwardBody | null> {
  const row = await db
    .selectFrom('app_setting')
    .select('doc')
    .where('kind', '=', 'awardconfigs')
    .where('key', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row ? (row.doc as AwardBody) : null;
}

// ------------------------------------------------------------------------------------ blocks and the allow list

export const blockKey = (d: { kind: string; value: string }) => `${d.kind}:${d.value}`;

export const blocks = defineSettingKind<ShieldBody>({
  screen: SCREENS.shielddomesticconfigs,
  kind: 'shielddomesticconfigs',
  noun: 'Block',
  body: shieldBody,
  ref: shieldRef,
  keyOf: (d) => blockKey(d as ShieldBody),
  index: (d) => ({ label: `${d.value} ${d.reason}`, category: d.kind, sortOrder: 0, enabled: d.enabled }),
  list: {
    search: 'value',
    categories: SHIELD_KINDS,
    summary:
      'Regions and IP ranges where the apps refuse to run, with the reason: filters value (region, range or reason, substring), category (region, ip), enabled',
    item: shieldItem,
  },
});

export const allowList = defineSettingKind<WhiteBody>({
  screen: SCREENS.whiteconfigs,
  kind: 'whiteconfigs',
  noun: 'Allow-list entry',
  body: whiteBody,
  ref: whiteRef,
  keyOf: (d) => blockKey(d as WhiteBody),
  index: (d) => ({ label: `${d.value} ${d.note}`, category: d.kind, sortOrder: 0, enabled: d.enabled }),
  list: {
    search: 'value',
    categories: WHITE_KINDS,
    summary: 'Players, devices and IP ranges exempt from the blocks: filters value (substring, the note too), category (uid, device, ip), enabled',
    item: whiteItem,
  },
});
