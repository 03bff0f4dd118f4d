/**
 * The simulator inside the server process (demo seed). Two carriers:
 *  - `directTransport`: the platform API's own services (applyEvents, walletMove,
 *    walletBalance) after the same zod validation, without HTTP and signing. The time of each
 *    call is the simulated moment, so the wallet's ledger entries (stamped with the server's
 *    clock: the contract's wallet calls carry no time) land on their day of the history, like
 *    the events (which carry `at`). The demo seed uses it: it is several times faster.
 *  - `backfillThroughApp`: the whole signed HTTP path through `app.inject`, on an app built
 *    with a clock the client moves to each call's moment (same outcome, slower).
 */
import { platformEventsBody, walletMoveBody } from '@console/schemas';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { applyEvents } from '../domains/platform/events';
import { walletBalance, walletMove } from '../domains/platform/wallet';
import { ApiError } from '../http/api-error';
import { runBackfill, type BackfillResult, type BackfillRun } from './backfill';
import { injectCarrier, SignedClient } from './transport';
import type { Balances, EventResult, Transport } from './types';

export function directTransport(db: Db, appId: string): Transport {
  return {
    async events(events, at) {
      const body = platformEventsBody.parse({ events });
      return (await applyEvents(db, appId, body.events, new Date(at))) as EventResult[];
    },
    async wallet(kind, raw, at) {
      try {
        const answer = await walletMove(db, appId, kind, walletMoveBody.parse(raw), new Date(at));
        return { status: 200, code: 200, balance: answer.balance };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { status: error.statusCode, code: error.code, message: error.message };
      }
    },
    async balance(uid) {
      try {
        return (await walletBalance(db, uid)).balances as Balances;
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }
    },
  };
}

export interface InProcessOptions extends Omit<BackfillRun, 'transport'> {
  appId: string;
  secret: string;
}

export async function backfillThroughApp(db: Db, config: ServerConfig, options: InProcessOptions): Promise<BackfillResult> {
  let now = config.now();
  const app = await buildApp({ db, config: { ...config, now: () => now, webDist: undefined }, batchWorker: false });
  try {
    await app.ready();
    const transport = new SignedClient(injectCarrier(app), {
      appId: options.appId, secret: options.secret, now: () => now, setClock: (at) => { now = at; }, attempts: 3,
    });
    return await runBackfill({ ...options, transport, concurrency: 1 });
  } finally {
    await app.close();
  }
}
