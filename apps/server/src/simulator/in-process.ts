/**
 * The simulator inside the server process (demo seed): the platform API's own services
 * (applyEvents, walletMove, walletSettle, walletBatch, walletBalance) after the same zod validation as the routes,
 * without HTTP and signing. The time of each call is the simulated moment, so the wallet's
 * ledger entries (stamped with the server's clock: the contract's wallet calls carry no time)
 * land on their day of the history, like the events (which carry `at`). The whole signed
 * path works the same through `injectCarrier` with a clock the client moves
 * (`simulator.api.test.ts`), at about half the speed. Staff actions (the desk of the demo
 * seed) go to `staff` (in-process-staff.ts).
 */
import {
  cashoutCreateBody,
  platformEventsBody,
  rechargeCallbackBody,
  rechargeOrderBody,
  walletBatchBody,
  walletMoveBody,
  walletSettleBody,
} from '@console/schemas';
import type { Db } from '../db/open';
import { createCashout } from '../domains/cashout/orders';
import { applyEvents } from '../domains/platform/events';
import { rechargeCallback } from '../domains/recharge/callback';
import { createRechargeOrder } from '../domains/recharge/orders';
import { walletBalance, walletMove } from '../domains/platform/wallet';
import { walletSettle } from '../domains/platform/wallet-settle';
import { walletBatch } from '../domains/platform/wallet-batch';
import { platformAppOf } from '../domains/platform/applications';
import { checkEventTypes } from '../domains/platform/scopes';
import type { PlatformApp } from '../http/platform-operation';
import { ApiError } from '../http/api-error';
import type { StaffCarrier } from './in-process-staff';
import { routeProviders } from './providers';
import type { PaymentCall, StaffOp, Transport, WalletAnswer } from './types';

/** The platform's payment calls (recharge order and its callbacks at their moments, cash-out request) through their services. */
async function payment(db: Db, app: PlatformApp, call: PaymentCall, at: number): Promise<WalletAnswer> {
  const { appId } = app;
  try {
    if (call.op === 'cashout') {
      const { op: _op, ...body } = call;
      await createCashout(db, appId, cashoutCreateBody.parse(body), new Date(at));
      return { status: 200, code: 200 };
    }
    const { op: _op, callbacks, ...body } = call;
    const order = await createRechargeOrder(db, appId, rechargeOrderBody.parse(body), new Date(at));
    for (const c of callbacks) {
      await rechargeCallback(
        db,
        app,
        rechargeCallbackBody.parse({ orderId: order.orderId, channelOrderId: c.channelOrderId, amount: c.amount, status: c.status }),
        new Date(at + c.after),
      );
    }
    return { status: 200, code: 200 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.statusCode, code: error.code, message: error.message };
  }
}

/** The platform's calls as `appId`; a provider's calls (providers.ts) as the provider's application. */
export function directTransport(db: Db, appId: string, staff?: StaffCarrier): Transport {
  return routeProviders(appTransport(db, appId, staff), (provider) => appTransport(db, provider));
}

function appTransport(db: Db, appId: string, staff?: StaffCarrier): Transport {
  // the application's scopes, read once: the services check them as the routes do
  let app: Promise<PlatformApp> | null = null;
  const application = () => (app ??= platformAppOf(db, appId));
  return {
    ...(staff ? { staff: (op: StaffOp, at: number) => staff.staff(op, at) } : {}),
    payment: async (call, at) => payment(db, await application(), call, at),
    async events(events, at) {
      const body = platformEventsBody.parse({ events });
      checkEventTypes(
        (await application()).scopes,
        body.events.map((e) => e.type),
      );
      return await applyEvents(db, appId, body.events, new Date(at));
    },
    async wallet(kind, raw, at) {
      try {
        const answer = await walletMove(db, await application(), kind, walletMoveBody.parse(raw), new Date(at));
        return { status: 200, code: 200, balance: answer.balance };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { status: error.statusCode, code: error.code, message: error.message };
      }
    },
    async settle(raw, at) {
      try {
        const answer = await walletSettle(db, await application(), walletSettleBody.parse(raw), new Date(at));
        return { status: 200, code: 200, balance: answer.balance };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { status: error.statusCode, code: error.code, message: error.message };
      }
    },
    async batch(ops, at) {
      const { ops: parsed } = walletBatchBody.parse({ ops });
      return (await walletBatch(db, await application(), parsed, new Date(at))).map((o) => o.result);
    },
    async balance(uid) {
      try {
        return (await walletBalance(db, uid)).balances;
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }
    },
  };
}
