/**
 * The simulator inside the server process (demo seed): the platform API's own services
 * (applyEvents, walletMove, walletBalance) after the same zod validation as the routes,
 * without HTTP and signing. The time of each call is the simulated moment, so the wallet's
 * ledger entries (stamped with the server's clock: the contract's wallet calls carry no time)
 * land on their day of the history, like the events (which carry `at`). The whole signed
 * path works the same through `injectCarrier` with a clock the client moves
 * (`simulator.api.test.ts`), at about half the speed. Staff actions (the desk of the demo
 * seed) go to `staff` (in-process-staff.ts).
 */
import { platformEventsBody, walletMoveBody } from '@console/schemas';
import type { Db } from '../db/open';
import { applyEvents } from '../domains/platform/events';
import { walletBalance, walletMove } from '../domains/platform/wallet';
import { ApiError } from '../http/api-error';
import type { StaffCarrier } from './in-process-staff';
import type { Balances, EventResult, StaffOp, Transport } from './types';

export function directTransport(db: Db, appId: string, staff?: StaffCarrier): Transport {
  return {
    ...(staff ? { staff: (op: StaffOp, at: number) => staff.staff(op, at) } : {}),
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
