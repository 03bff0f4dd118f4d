/**
 * /vipmanager staff operations (docs/api/vipmanager.md): vipsend (batch VIP chips
 * through the issuing machinery) and vipservice (VIP hosts and the contact log). vipdashboard
 * (VIP search) lives with the VIP levels (domains/vip).
 */
import {
  batchCheckAnswer,
  batchRef,
  batchSendBody,
  emptyQuery,
  issueAllowanceAnswer,
  issueBatchAnswer,
  issueBatchLinePageAnswer,
  listBatchLinesQuery,
  vipAssignBody,
  vipContactAnswer,
  vipContactBody,
  vipHostAssignmentAnswer,
  vipHostListAnswer,
  vipUnassignBody,
} from '@console/schemas';
import { defineOperation, type Operation } from '../../http/operation';
import { listOperations } from '../../http/list';
import { checkAnswer } from '../issuing/batches';
import { allowance } from '../issuing/limits';
import { wakeBatchWorkers } from '../issuing/worker';
import { VIPSEND_SCREEN, checkVipBatch, createVipBatch, findVipBatch, listVipBatchLines, vipBatchList } from './vipsend';
import { VIPSERVICE_SCREEN, assignHost, listHosts, logContact, unassignHost, vipContactList, vipPlayerList } from './vipservice';

const tags = ['vipmanager'];
const send = `/api${VIPSEND_SCREEN}`;
const service = `/api${VIPSERVICE_SCREEN}`;

export const vipManagerOperations: Operation[] = [
  defineOperation({
    method: 'POST',
    url: `${send}/validate`,
    name: 'vipmanager.vipsend.validate',
    tags,
    screen: VIPSEND_SCREEN,
    summary:
      "Checks a batch of VIP chips: every line problem with its line number (a uid that is not a VIP: notVip), the totals and today's allowance; writes nothing",
    body: batchSendBody,
    response: batchCheckAnswer,
    handler: async ({ db, user, body, now }) => ({ code: 200, data: checkAnswer(await checkVipBatch(db, user, body, now)) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${send}/create`,
    name: 'vipmanager.vipsend.create',
    tags,
    screen: VIPSEND_SCREEN,
    audit: true,
    summary: "Creates a batch of VIP chips (credited in the background; poll progress): 400 naming the wrong lines (a non-VIP too), 409 over today's allowance",
    body: batchSendBody,
    response: issueBatchAnswer,
    handler: async ({ db, user, body, now, note, reply }) => {
      const batch = await createVipBatch({ db, user, now, note }, body);
      reply.raw.once('finish', wakeBatchWorkers);
      return { code: 200, data: batch };
    },
  }),
  defineOperation({
    method: 'GET',
    url: `${send}/progress`,
    name: 'vipmanager.vipsend.progress',
    tags,
    screen: VIPSEND_SCREEN,
    summary: "One VIP batch with its counters and status; 404 unknown (or not the partner account's)",
    query: batchRef,
    response: issueBatchAnswer,
    handler: async ({ db, user, query }) => ({ code: 200, data: await findVipBatch(db, user, query.id) }),
  }),
  defineOperation({
    method: 'GET',
    url: `${send}/allowance`,
    name: 'vipmanager.vipsend.allowance',
    tags,
    screen: VIPSEND_SCREEN,
    summary: 'What the signed-in account may still issue today (GMT+08:00 day) of chips: one allowance with the usermanager sends',
    response: issueAllowanceAnswer,
    handler: async ({ db, user, now }) => ({ code: 200, data: await allowance(db, user, 'chip', now) }),
  }),
  ...listOperations(vipBatchList),
  defineOperation({
    method: 'GET',
    url: `${send}/batches/lines`,
    name: 'vipmanager.vipsend.batches.lines',
    tags,
    screen: VIPSEND_SCREEN,
    summary: 'The lines of one VIP batch by line number: filters uid, status; 404 for an unknown batch',
    query: listBatchLinesQuery,
    response: issueBatchLinePageAnswer,
    handler: async ({ db, user, query }) => ({ code: 200, data: await listVipBatchLines(db, user, query) }),
  }),

  ...listOperations(vipPlayerList),
  ...listOperations(vipContactList),
  defineOperation({
    method: 'GET',
    url: `${service}/hosts`,
    name: 'vipmanager.vipservice.hosts',
    tags,
    screen: VIPSERVICE_SCREEN,
    summary:
      "Accounts that may be VIP hosts (enabled; service, serviceleader, business or partner; a partner account sees its own partner's) with their player counts",
    query: emptyQuery,
    response: vipHostListAnswer,
    handler: async ({ db, user }) => {
      const items = await listHosts(db, user);
      return { code: 200, data: { items, total: items.length } };
    },
  }),
  defineOperation({
    method: 'POST',
    url: `${service}/assign`,
    name: 'vipmanager.vipservice.assign',
    tags,
    screen: VIPSERVICE_SCREEN,
    audit: true,
    summary: "Assigns or reassigns a VIP player's host: 400 not a VIP or not a host, 404 not the caller's player, 409 already that host",
    body: vipAssignBody,
    response: vipHostAssignmentAnswer,
    handler: async ({ db, user, now, note, body }) => ({ code: 200, data: await assignHost({ db, user, now, note }, body) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${service}/unassign`,
    name: 'vipmanager.vipservice.unassign',
    tags,
    screen: VIPSERVICE_SCREEN,
    audit: true,
    summary: "Removes a player's host: 404 not the caller's player, 409 no host",
    body: vipUnassignBody,
    response: vipHostAssignmentAnswer,
    handler: async ({ db, user, now, note, body }) => ({ code: 200, data: await unassignHost({ db, user, now, note }, body) }),
  }),
  defineOperation({
    method: 'POST',
    url: `${service}/contact`,
    name: 'vipmanager.vipservice.contact',
    tags,
    screen: VIPSERVICE_SCREEN,
    audit: true,
    summary: "Logs a contact with a VIP player (time, host, channel, outcome, note ≤ 2000); the host defaults to the player's",
    body: vipContactBody,
    response: vipContactAnswer,
    handler: async ({ db, user, now, note, body }) => ({ code: 200, data: await logContact({ db, user, now, note }, body) }),
  }),
];
