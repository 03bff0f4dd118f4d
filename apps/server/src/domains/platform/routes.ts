/** The platform API (contract "Platform API"): events and the wallet. docs/api/platform.md. */
import {
  platformEventsAnswer,
  platformEventsBody,
  walletBalanceAnswer,
  walletBalanceQuery,
  walletMoveAnswer,
  walletMoveBody,
  walletRollbackAnswer,
  walletRollbackBody,
  walletSettleBody,
  walletBatchAnswer,
  walletBatchBody,
} from '@console/schemas';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { applyEvents } from './events';
import { platformEvents, platformWalletOps } from '../../http/metrics';
import { checkEventTypes } from './scopes';
import { walletBalance, walletMove, walletRollback } from './wallet';
import { walletSettle } from './wallet-settle';
import { walletBatch } from './wallet-batch';

/** Contract: an events call carries up to 4 MiB. */
export const EVENTS_BODY_LIMIT = 4 * 1024 * 1024;
/** A wallet batch carries up to 4 MiB (docs/api/platform.md): 1000 ops of the longest allowed fields, escaped, pass 1 MiB. */
export const WALLET_BATCH_BODY_LIMIT = 4 * 1024 * 1024;

export const platformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/events',
    name: 'platform.events',
    scope: ['events', 'rounds'],
    summary: '1 to 1000 events, each applied on its own in the order sent; per-event results applied / rejected (400, 404, 409) / duplicate',
    body: platformEventsBody,
    response: platformEventsAnswer,
    bodyLimit: EVENTS_BODY_LIMIT,
    handler: async ({ db, app, body, now }) => {
      checkEventTypes(
        app.scopes,
        body.events.map((e) => e.type),
      ); // a type outside the scopes refuses the whole call
      const results = await applyEvents(db, app.appId, body.events, now);
      for (const r of results) platformEvents.inc({ outcome: r.status });
      return { code: 200, data: { results } };
    },
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/wallet/debit',
    name: 'platform.wallet.debit',
    scope: 'wallet.debit',
    summary: 'Takes an amount from a balance; 409 Insufficient balance when short; txId idempotent per application',
    body: walletMoveBody,
    response: walletMoveAnswer,
    handler: async ({ db, app, body, now }) => ({ code: 200, data: await walletMove(db, app, 'debit', body, now) }),
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/wallet/credit',
    name: 'platform.wallet.credit',
    scope: 'wallet.credit',
    summary: 'Adds an amount to a balance; txId idempotent per application',
    body: walletMoveBody,
    response: walletMoveAnswer,
    handler: async ({ db, app, body, now }) => ({ code: 200, data: await walletMove(db, app, 'credit', body, now) }),
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/wallet/settle',
    name: 'platform.wallet.settle',
    scope: 'wallet.settle',
    summary:
      'Atomically the guarded debit of bet, then the credit of win, in the round ref; 409 Insufficient balance when short of the bet, nothing written; txId idempotent per application',
    body: walletSettleBody,
    response: walletMoveAnswer,
    handler: async ({ db, app, body, now }) => ({ code: 200, data: await walletSettle(db, app, body, now) }),
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/wallet/batch',
    name: 'platform.wallet.batch',
    scope: ['wallet.debit', 'wallet.credit', 'wallet.settle'],
    summary:
      '1 to 1000 debit, credit, settle and rollback ops, each applied on its own in the order sent; per-op results applied / rejected (400, 403, 404, 409) / duplicate, with the balance after',
    body: walletBatchBody,
    response: walletBatchAnswer,
    bodyLimit: WALLET_BATCH_BODY_LIMIT,
    handler: async ({ db, app, body, now }) => {
      const outcomes = await walletBatch(db, app, body.ops, now);
      for (const o of outcomes) platformWalletOps.inc({ op: o.op ?? 'unknown', outcome: o.result.status });
      return { code: 200, data: { results: outcomes.map((o) => o.result) } };
    },
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/wallet/rollback',
    name: 'platform.wallet.rollback',
    scope: ['wallet.debit', 'wallet.credit', 'wallet.settle'],
    summary: 'Reverses a debit, credit or settle (both legs) once; a rollback before its original voids it (the original is then refused with 409)',
    body: walletRollbackBody,
    response: walletRollbackAnswer,
    handler: async ({ db, app, body, now }) => ({ code: 200, data: await walletRollback(db, app.appId, body, now) }),
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/wallet/balance',
    name: 'platform.wallet.balance',
    scope: ['wallet.debit', 'wallet.credit', 'wallet.settle'],
    summary: "A player's seven balances",
    query: walletBalanceQuery,
    response: walletBalanceAnswer,
    handler: async ({ db, query }) => ({ code: 200, data: await walletBalance(db, query.uid) }),
  }),
];
