/**
 * Demo configuration of app-settings: SMS providers (Semaphore first for +63, Movider and Twilio
 * behind it; Twilio, Infobip and Movider abroad — the providers the simulator's codes name), the
 * routing rules, gift packs for the demo store packages, award tables, blocks (mainland China and
 * two data-centre ranges) and the office network on the allow list. Each item gets its first
 * version (actor `system`, action `seed`); a database that has them already is left alone.
 * Then the simulator's app asks for its configuration and sends five days of codes through the
 * platform API (simulator/appsettings.ts), so smslogs has data.
 */
import type { AwardBody, GiftPackBody, ShieldBody, SmsProviderBody, SmsSettings, WhiteBody } from '@console/schemas';
import type { Db } from '../../db/open';
import { seedItem } from '../../settings/versions';
import { playDemoSms } from '../../simulator/appsettings';
import { allowList, awards, blockKey, blocks, giftPacks, globalProviders, localProviders, providerKey, smsSettingsItems } from './kinds';

export const DEMO_SMS_SETTINGS: SmsSettings = { domesticCountry: '63', failureLimitPercent: 30, windowMinutes: 120, minResults: 5, fallback: true };

const provider = (id: string, name: string, rank: number, countryCode: string, fn: SmsProviderBody['function'] = 'all', enabled = true): SmsProviderBody => ({
  id,
  name,
  function: fn,
  rank,
  countryCode,
  enabled,
});

export const DEMO_LOCAL_PROVIDERS: SmsProviderBody[] = [
  provider('Semaphore', 'Semaphore PH', 1, '63'),
  provider('Movider', 'Movider', 2, '63'),
  provider('Twilio', 'Twilio', 3, '63'),
  provider('M360', 'M360 (password resets, on trial)', 1, '63', 'reset', false),
];
export const DEMO_GLOBAL_PROVIDERS: SmsProviderBody[] = [
  provider('Twilio', 'Twilio', 1, '*'),
  provider('Infobip', 'Infobip', 2, '*'),
  provider('Movider', 'Movider SEA', 1, '65'),
  provider('Movider', 'Movider SEA', 1, '60'),
];

const STORES = ['com.demo', 'com.demo.lite', 'com.demo.partner1', 'com.demo.partner2'];
const pack = (id: string, name: string, message: string, pesos: number, gold: number, diamond: number, sortOrder: number, packages = STORES): GiftPackBody => ({
  id,
  name,
  message,
  gold,
  diamond,
  price: pesos * 100,
  packages,
  sortOrder,
  enabled: true,
});
export const DEMO_GIFT_PACKS: GiftPackBody[] = [
  pack('starter', 'Starter pack', 'Once per account: chips and diamonds to begin with', 20, 3_000, 5, 10),
  pack('daily', 'Daily pack', 'A little extra every day', 50, 6_000, 10, 20),
  pack('weekly', 'Weekly pack', 'Best value of the week', 200, 25_000, 40, 30),
  pack('diamonds', 'Diamond chest', 'Diamonds for emotes and gifts', 100, 0, 120, 40, ['com.demo', 'com.demo.partner1']),
  pack('highroller', 'High roller pack', 'For the tables with big blinds', 1_000, 130_000, 250, 50, ['com.demo']),
];

const award = (
  id: string,
  name: string,
  use: AwardBody['use'],
  amounts: Partial<Pick<AwardBody, 'chip' | 'bean' | 'diamond' | 'bonus'>>,
  note: string,
): AwardBody => ({ id, name, use, chip: 0, bean: 0, diamond: 0, bonus: 0, ...amounts, note, enabled: true });
export const DEMO_AWARDS: AwardBody[] = [
  award('maintenance', 'Maintenance compensation', 'message', { chip: 1_000 }, 'After planned downtime'),
  award('welcome-back', 'Welcome back', 'retrieval', { chip: 5_000, bonus: 2_000 }, 'Players inactive 14 days or more'),
  award('signin-week', 'Seven-day sign-in', 'activity', { bean: 200 }, 'The seventh day of the calendar'),
  award('vip-birthday', 'VIP birthday', 'message', { chip: 20_000, diamond: 50 }, 'VIP 3 and up'),
  award('tournament-1st', 'Weekend cup, 1st place', 'activity', { chip: 100_000, diamond: 100 }, ''),
];

export const DEMO_BLOCKS: ShieldBody[] = [
  { kind: 'region', value: 'CN', reason: 'Online card games are not licensed in mainland China', enabled: true },
  { kind: 'region', value: 'KR', reason: 'Not offered in South Korea', enabled: true },
  { kind: 'ip', value: '203.0.113.0/24', reason: 'VPN exit nodes used by a chip farm', enabled: true },
  { kind: 'ip', value: '2001:db8:dead::/48', reason: 'Hosting provider: no players, only bots', enabled: true },
];
export const DEMO_ALLOW: WhiteBody[] = [
  { kind: 'ip', value: '203.177.52.0/24', note: 'Office network (QA from the office)', enabled: true },
  { kind: 'device', value: 'qa-pixel-7-0001', note: 'QA phone', enabled: true },
  { kind: 'uid', value: '100001', note: 'Test account of the Shenzhen studio', enabled: true },
];

async function seedConfiguration(db: Db, now: Date): Promise<void> {
  await seedItem(db, smsSettingsItems, '', DEMO_SMS_SETTINGS, now);
  for (const p of DEMO_LOCAL_PROVIDERS) await seedItem(db, localProviders.items, providerKey(p), p, now);
  for (const p of DEMO_GLOBAL_PROVIDERS) await seedItem(db, globalProviders.items, providerKey(p), p, now);
  for (const p of DEMO_GIFT_PACKS) await seedItem(db, giftPacks.items, p.id, p, now);
  for (const a of DEMO_AWARDS) await seedItem(db, awards.items, a.id, a, now);
  for (const b of DEMO_BLOCKS) await seedItem(db, blocks.items, blockKey(b), b, now);
  for (const w of DEMO_ALLOW) await seedItem(db, allowList.items, blockKey(w), w, now);
}

/** Idempotent: runs once per database (the first seed's smsconfig version marks it). */
export async function seedAppSettings(db: Db, now = new Date(), options: { sms?: { days: number; perDay: number } | false } = {}): Promise<void> {
  const seeded = await db.selectFrom('config_version').select('id').where('kind', '=', 'smsconfig').where('action', '=', 'seed').executeTakeFirst();
  if (seeded) return;
  if (db.isTransaction) await seedConfiguration(db, now);
  else await db.transaction().execute((trx) => seedConfiguration(trx, now));
  // the hour, as the players' seed does: a seed run again within the hour sends the very same codes
  if (options.sms !== false) await playDemoSms(db, { end: Math.floor(now.getTime() / 3_600_000) * 3_600_000, ...(options.sms ?? { days: 5, perDay: 40 }) });
}
