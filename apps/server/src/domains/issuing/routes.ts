/**
 * Staff issuing: batch send of chips (/usermanager/batchsendgold: sendgold, sendlogs) and of
 * cash (/usermanager/batchsendcash: sendcash, sendcashlogs), and the daily limits of the
 * permission groups (edited on the sendgold screen). docs/api/issuing.md.
 */
import {
  batchCheckAnswer,
  batchRef,
  batchSendBody,
  issueAllowanceAnswer,
  issueBatchAnswer,
  issueBatchLinePageAnswer,
  issueLimitAnswer,
  issueLimitPageAnswer,
  listBatchLinesQuery,
  listIssueLimitsQuery,
  updateIssueLimitBody,
} from '@console/schemas';
import type { IssueCurrency } from '../../db/schema';
import { defineOperation, type Operation } from '../../http/operation';
import { checkAnswer, checkBatch, createBatch } from './batches';
import { allowance } from './limits';
import { listIssueLimits, updateIssueLimit } from './limit-settings';
import { batchList, findBatch, listBatchLines } from './list';
import { listOperations } from '../../http/list';
import { wakeBatchWorkers } from './worker';

interface Sender {
  currency: IssueCurrency;
  group: string;
  send: string;
  logs: string;
  what: string;
}

const SENDERS: Sender[] = [
  { currency: 'chip', group: '/usermanager/batchsendgold', send: 'sendgold', logs: 'sendlogs', what: 'chips' },
  { currency: 'withdrawable', group: '/usermanager/batchsendcash', send: 'sendcash', logs: 'sendcashlogs', what: 'cash (withdrawable, centavos)' },
];

function senderOperations({ currency, group, send, logs, what }: Sender): Operation[] {
  const sendScreen = `${group}/${send}`;
  const logScreen = `${group}/${logs}`;
  const tags = ['issuing'];
  return [
    defineOperation({
      method: 'POST',
      url: `/api${sendScreen}/validate`,
      name: `usermanager.${send}.validate`,
      tags,
      screen: sendScreen,
      summary: `Checks a batch of ${what}: every line problem with its line number, the totals and today's allowance; writes nothing`,
      body: batchSendBody,
      response: batchCheckAnswer,
      handler: async ({ db, user, body, now }) => ({ code: 200, data: checkAnswer(await checkBatch(db, user, currency, body, now)) }),
    }),
    defineOperation({
      method: 'POST',
      url: `/api${sendScreen}/create`,
      name: `usermanager.${send}.create`,
      tags,
      screen: sendScreen,
      audit: true,
      summary: `Creates a batch of ${what} (credited in the background; poll progress): 400 naming the wrong lines, 409 over today's allowance`,
      body: batchSendBody,
      response: issueBatchAnswer,
      handler: async ({ db, user, body, now, note, reply }) => {
        const batch = await createBatch({ db, user, now, note }, currency, body);
        // the batch is visible once this transaction commits, before the answer is sent
        reply.raw.once('finish', wakeBatchWorkers);
        return { code: 200, data: batch };
      },
    }),
    defineOperation({
      method: 'GET',
      url: `/api${sendScreen}/progress`,
      name: `usermanager.${send}.progress`,
      tags,
      screen: sendScreen,
      summary: 'One batch with its counters (sent, failed) and status',
      query: batchRef,
      response: issueBatchAnswer,
      handler: async ({ db, query }) => ({ code: 200, data: await findBatch(db, currency, query.id) }),
    }),
    defineOperation({
      method: 'GET',
      url: `/api${sendScreen}/allowance`,
      name: `usermanager.${send}.allowance`,
      tags,
      screen: sendScreen,
      summary: `What the signed-in account may still issue today (GMT+08:00 day) of ${what}`,
      response: issueAllowanceAnswer,
      handler: async ({ db, user, now }) => ({ code: 200, data: await allowance(db, user, currency, now) }),
    }),
    ...listOperations(batchList(currency, logScreen, what)),
    defineOperation({
      method: 'GET',
      url: `/api${logScreen}/lines`,
      name: `usermanager.${logs}.lines`,
      tags,
      screen: logScreen,
      summary: 'The lines of one batch by line number: filters uid, status; 404 for an unknown batch',
      query: listBatchLinesQuery,
      response: issueBatchLinePageAnswer,
      handler: async ({ db, query }) => ({ code: 200, data: await listBatchLines(db, currency, query) }),
    }),
  ];
}

const limitsScreen = '/usermanager/batchsendgold/sendgold';

export const issuingOperations: Operation[] = [
  ...SENDERS.flatMap(senderOperations),
  defineOperation({
    method: 'GET',
    url: `/api${limitsScreen}/limits`,
    name: 'usermanager.sendgold.limits',
    tags: ['issuing'],
    screen: limitsScreen,
    summary: 'Daily issue limits of every §6 permission group: chips, and cash in centavos (one page holds them all)',
    query: listIssueLimitsQuery,
    response: issueLimitPageAnswer,
    handler: async ({ db }) => {
      const items = await listIssueLimits(db);
      return { code: 200, data: { items, total: items.length } };
    },
  }),
  defineOperation({
    method: 'POST',
    url: `/api${limitsScreen}/limits/update`,
    name: 'usermanager.sendgold.limits.update',
    tags: ['issuing'],
    screen: limitsScreen,
    audit: true,
    summary: "Sets one permission group's daily limits per account (chips, and cash in centavos), 0 to 10^12",
    body: updateIssueLimitBody,
    response: issueLimitAnswer,
    handler: async ({ db, body, note }) => ({ code: 200, data: await updateIssueLimit(db, body, note) }),
  }),
];
