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
} from '@console/schemas';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import { applyEvents } from './events';
import { platformEvents } from '../../http/metrics';
import { checkEventTypes } from './scopes';
import { walletBalance, walletMove, walletRollback } from './wallet';

/** Contract: an events call carries up to 4 MiB. */
export const EVENTS_BODY_LIMIT = 4 * 1024 * 1024;

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
    url: '/api/platform/wallet/rollback',
    name: 'platform.wallet.rollback',
    scope: ['wallet.debit', 'wallet.credit', 'wallet.settle'],
    summary: 'Reverses a debit or credit once; a rollback before its original voids it (the original is then refused with 409)',
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
