/**
 * Demo payment configuration (docs/domain.md figures): the recharge packs ₱50 … ₱5,000 (1
 * chip = 1 centavo; bigger packs a little extra, a first-recharge bonus of 20%), GCash, Maya,
 * online banking (paid-only) and GrabPay (in maintenance) for the demo packages, and
 * cash-out by GCash (₱100–₱50,000, 2%), Maya, bank transfer and GrabPay (maintenance).
 * Idempotent: an item that exists is left as it is (a staff edit survives a restart); each
 * item it adds gets its first version (actor `system`, action `seed`).
 */
import { randomBytes } from 'node:crypto';
import type { CashoutChannelConfigBody, PaymentPackageConfigBody, RechargeChannelConfigBody, RechargeProductConfigBody } from '@console/schemas';
import type { Db } from '../../db/open';
import { sealPayoutSecret } from '../../secrets/columns';
import { cashoutChannelItems } from './cashout-channels';
import { packageItems } from './packages';
import { channelKey, payControlItems, productKey } from './pay-control';
import { seedItem } from '../../settings/versions';

const PACKS: [number, number][] = [
  [50, 0],
  [100, 0],
  [200, 0],
  [500, 2],
  [1000, 5],
  [5000, 10],
];
export const DEMO_PRODUCTS: RechargeProductConfigBody[] = PACKS.map(([pesos, extraPercent], i) => {
  const chips = (pesos * 100 * (100 + extraPercent)) / 100;
  return {
    productId: `php${pesos}`,
    name: `₱${pesos.toLocaleString('en-US')} pack`,
    price: pesos * 100,
    chips,
    firstBonus: chips / 5,
    enabled: true,
    sortOrder: (i + 1) * 10,
  };
});

export const DEMO_PACKAGES: PaymentPackageConfigBody[] = [
  { package: 'com.demo', name: 'Demo app', partner: 0, channels: [] },
  { package: 'com.demo.lite', name: 'Demo app lite', partner: 0, channels: [] },
  { package: 'com.demo.partner1', name: 'Demo Partner app', partner: 1, channels: [] },
  { package: 'com.demo.partner2', name: 'Second Partner app', partner: 2, channels: [] },
];

const all = DEMO_PRODUCTS.map((p) => p.productId);
export const DEMO_RECHARGE_CHANNELS: RechargeChannelConfigBody[] = [
  // GCash's own minimum is ₱100
  {
    channel: 'gcash',
    name: 'GCash',
    icon: 'gcash',
    sortOrder: 10,
    status: 'open',
    paidOnly: false,
    products: all.slice(1),
    packages: ['com.demo', 'com.demo.lite', 'com.demo.partner1', 'com.demo.partner2'],
  },
  { channel: 'maya', name: 'Maya', icon: 'maya', sortOrder: 20, status: 'open', paidOnly: false, products: all, packages: ['com.demo', 'com.demo.partner1'] },
  {
    channel: 'onlinebank',
    name: 'Online banking',
    icon: 'bank',
    sortOrder: 30,
    status: 'open',
    paidOnly: true,
    products: all.slice(3),
    packages: ['com.demo', 'com.demo.partner2'],
  },
  {
    channel: 'grabpay',
    name: 'GrabPay',
    icon: 'grabpay',
    sortOrder: 40,
    status: 'maintenance',
    paidOnly: false,
    products: all.slice(1, 5),
    packages: ['com.demo'],
  },
];

const cashout = (c: Partial<CashoutChannelConfigBody> & Pick<CashoutChannelConfigBody, 'channel' | 'name' | 'sortOrder'>): CashoutChannelConfigBody => ({
  icon: c.channel,
  status: 'open',
  min: 10_000,
  max: 5_000_000,
  feePercent: 2,
  dailyMax: 3,
  dailyMaxEnabled: true,
  maxConsecutiveFailures: 5,
  ...c,
});
export const DEMO_CASHOUT_CHANNELS: CashoutChannelConfigBody[] = [
  cashout({ channel: 'gcash', name: 'GCash', sortOrder: 10 }),
  cashout({ channel: 'maya', name: 'Maya', sortOrder: 20, feePercent: 1.5 }),
  cashout({
    channel: 'bank',
    name: 'Bank transfer',
    icon: 'bank',
    sortOrder: 30,
    min: 50_000,
    max: 10_000_000,
    feePercent: 0,
    dailyMax: 1,
    maxConsecutiveFailures: 3,
  }),
  cashout({ channel: 'grabpay', name: 'GrabPay', sortOrder: 40, status: 'maintenance', max: 2_000_000, dailyMaxEnabled: false }),
];

async function seedAll(db: Db, now: Date): Promise<void> {
  for (const p of DEMO_PRODUCTS) await seedItem(db, payControlItems, productKey(p.productId), p, now);
  for (const p of DEMO_PACKAGES) await seedItem(db, packageItems, p.package, p, now, p.partner);
  for (const c of DEMO_RECHARGE_CHANNELS) await seedItem(db, payControlItems, channelKey(c.channel), c, now);
  for (const c of DEMO_CASHOUT_CHANNELS) await seedItem(db, cashoutChannelItems, c.channel, c, now);
  // the bank's payout API as an operator would enter it, switched off: the demo's payouts stay simulated
  await db
    .insertInto('payout_endpoint')
    .values({
      channel: 'bank',
      url: 'https://payouts.demo-bank.example/v1',
      merchant_id: 'DEMO-BANK-0001',
      secret: sealPayoutSecret(randomBytes(24).toString('base64url'), 'bank'),
      timeout_ms: 8_000,
      retries: 2,
      enabled: false,
      updated_at: now,
      updated_by: 'system',
    })
    .onConflict((oc) => oc.column('channel').doNothing())
    .execute();
}

/** Adds whatever of the demo configuration is missing; one transaction (the caller's, if it has one). */
export async function seedPaymentConfig(db: Db, now = new Date()): Promise<void> {
  if (db.isTransaction) await seedAll(db, now);
  else await db.transaction().execute((trx) => seedAll(trx, now));
}
