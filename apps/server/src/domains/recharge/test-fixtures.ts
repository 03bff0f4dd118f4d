/**
 * Channels and products for the recharge tests, written straight into the migration-015
 * tables (the configuration screens of domains/payment-config are built apart): an open
 * GCash channel offering P100 (₱100, 10,000 chips, 5,000 first-recharge bonus) and P500 to
 * the package com.demo, a closed one, one in maintenance, a paid-only one, and a product
 * nobody offers. Plus helpers to create and pay orders through the signed API.
 */
import type { RechargeOrderBody } from '@console/schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/open';
import type { Answer } from '../../test/harness';
import type { PlatformClient } from '../../test/platform';

export const P100 = { productId: 'P100', price: 10_000, chips: 10_000, bonus: 5_000 } as const;
export const P500 = { productId: 'P500', price: 50_000, chips: 52_000, bonus: 0 } as const;

export async function seedChannels(db: Db): Promise<void> {
  await sql`INSERT INTO payment_package (package, name, partner) VALUES ('com.demo', 'Demo', 0), ('com.other', 'Other', 0) ON CONFLICT (package) DO NOTHING`.execute(
    db,
  );
  await sql`INSERT INTO recharge_product (product_id, name, price, chips, first_bonus, enabled) VALUES
    ('P100', '₱100', 10000, 10000, 5000, true), ('P500', '₱500', 50000, 52000, 0, true),
    ('P50', '₱50', 5000, 5000, 0, true), ('OFF', 'Off sale', 20000, 20000, 0, false)`.execute(db);
  await sql`INSERT INTO recharge_channel (channel, name, status, paid_only) VALUES
    ('gcash', 'GCash', 'open', false), ('maya', 'Maya', 'close', false), ('bank', 'Bank', 'maintenance', false),
    ('vip', 'VIP', 'open', true), ('other', 'Other app', 'open', false)`.execute(db);
  await sql`INSERT INTO recharge_channel_product (channel, product_id) VALUES
    ('gcash', 'P100'), ('gcash', 'P500'), ('gcash', 'OFF'), ('maya', 'P100'), ('bank', 'P100'), ('vip', 'P500'), ('other', 'P100')`.execute(db);
  await sql`INSERT INTO recharge_channel_package (channel, package) VALUES
    ('gcash', 'com.demo'), ('maya', 'com.demo'), ('bank', 'com.demo'), ('vip', 'com.demo'), ('other', 'com.other')`.execute(db);
}

let sequence = 0;

export interface OrderInputs {
  uid: number;
  productId?: string;
  channel?: string;
  price?: number;
  os?: string;
  requestId?: string;
}

export function orderBody(o: OrderInputs): RechargeOrderBody {
  return {
    requestId: o.requestId ?? `req-${process.pid}-${(sequence += 1)}`,
    uid: o.uid,
    productId: o.productId ?? P100.productId,
    channel: o.channel ?? 'gcash',
    price: o.price ?? P100.price,
    os: (o.os ?? 'android') as RechargeOrderBody['os'],
  };
}

export async function createOrder(p: PlatformClient, o: OrderInputs): Promise<string> {
  const res = await p.post('/api/platform/recharge/orders', orderBody(o));
  if (res.status !== 200) throw new Error(`order: ${JSON.stringify(res.body)}`);
  return res.body.data.orderId as string;
}

export function callback(
  p: PlatformClient,
  orderId: string,
  amount: number,
  status: 'paid' | 'failed' = 'paid',
  channelOrderId = `CH-${orderId.slice(0, 8)}`,
): Promise<Answer> {
  return p.post('/api/platform/recharge/callback', { orderId, channelOrderId, amount, status });
}

export async function chipsOf(db: Db, uid: number): Promise<number> {
  const row = await db.selectFrom('player_balance').select('chip').where('uid', '=', uid).executeTakeFirstOrThrow();
  return row.chip;
}

export async function entriesOf(db: Db, orderId: string) {
  return db.selectFrom('ledger_entry').select(['reason', 'delta', 'actor', 'idem_key']).where('ref', '=', orderId).orderBy('id').execute();
}
