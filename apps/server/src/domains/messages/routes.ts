/**
 * /messages (partner, business, secadmin): personal messages with attachments
 * (broadcast), service-message templates (prefabs), announcements; and the platform's inbox,
 * live announcements and message events. docs/api/messages.md, docs/decisions/016-messages.md.
 */
import {
  prefabPreview,
  valueLabel,
  broadcastSent,
  announcementBody,
  announcementItem,
  announcementRef,
  announcementStatusBody,
  announcementUpdateBody,
  broadcastBody,
  broadcastPreview,
  broadcastPreviewBody,
  inboxMessage,
  inboxQuery,
  platformAnnouncement,
  platformAnnouncementsQuery,
  platformEventsBody,
  prefabBody,
  prefabItem,
  prefabPreviewBody,
  prefabRef,
  prefabUpdateBody,
  sendProgress as sendProgressSchema,
  sendProgressQuery,
  sendRef,
} from '@console/schemas';
import { z } from 'zod';
import { notFound } from '../../http/api-error';
import { appendOperationLog } from '../operation-log/chain';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import { definePlatformOperation, type PlatformOperation } from '../../http/platform-operation';
import {
  ANNOUNCEMENT_SCREEN,
  announcementList,
  createAnnouncement,
  etagOf,
  findAnnouncement,
  liveAnnouncements,
  setAnnouncementStatus,
  toAnnouncementItem,
  toPlatformAnnouncement,
  updateAnnouncement,
} from './announcements';
import { applyMessageEvents, readInbox } from './inbox';
import { startMessageJobs } from './jobs';
import { createPrefab, PREFAB_SCREEN, prefabList, removePrefab, updatePrefab } from './prefabs';
import { fillTemplate } from './render';
import { plainText, sanitizeHtml } from './sanitize';
import { BROADCAST_SCREEN, cancelSend, sendList, sendProgress } from './send-list';
import { audienceOf, createBroadcast, previewAudience, scopeOf } from './sends';
import { packageOptions } from '../payment-config/options';
import { isoInConsoleZone } from '../../http/time';

const tags = ['messages'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
const answer = (data: z.ZodType) => z.object({ code: z.literal(200), data });

const broadcast: Operation[] = [
  ...listOperations(sendList),
  defineOperation({
    method: 'POST',
    url: '/api/messages/broadcast/preview',
    name: 'messages.broadcast.preview',
    screen: BROADCAST_SCREEN,
    tags,
    summary:
      "How many players a send would reach (within a partner account's own players), the uids of a list that are not reachable, " +
      'the most the attachment can cost, and a sample; writes nothing',
    body: broadcastPreviewBody,
    response: answer(broadcastPreview),
    handler: async ({ db, user, body, now }) => ok(await previewAudience(db, audienceOf(body.target, scopeOf(user), now), body.attachment)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/broadcast/send',
    name: 'messages.broadcast.send',
    screen: BROADCAST_SCREEN,
    tags,
    summary:
      'Sends a personal message (titles plain, contents cleaned by the allow list) to one uid, a list or a segment, with an optional ' +
      'attachment claimable until it expires; delivered by a job (poll progress). 400 reaching nobody, 409 chips over the daily issue limit. ' +
      'Written to the operation log with the send',
    body: broadcastBody,
    response: answer(broadcastSent),
    // its own transaction (with its operation-log record) rather than `audit`: the delivery job
    // starts on the root database once that transaction has committed
    handler: async ({ db, user, body, now, ip, reply, config }) => {
      const created = await db.transaction().execute(async (trx) => {
        const send = await createBroadcast(trx, user, body, now);
        await appendOperationLog(
          trx,
          {
            username: user.username,
            partner: user.partner,
            operation: 'messages.broadcast.send',
            target: `message_send:${send.id}`,
            result: 'ok',
            status: 200,
            message: '',
            before: null,
            ip,
            after: {
              id: send.id,
              planned: send.planned,
              target: body.target.kind === 'list' ? { kind: 'list', text: body.target.uids.slice(0, 2000) } : body.target,
              prefabId: body.prefabId ?? null,
              titleEn: body.titleEn,
              attachment: body.attachment ?? null,
              expiresAt: isoInConsoleZone(send.expiresAt),
            },
          },
          now,
        );
        return send;
      });
      reply.raw.once('finish', () => {
        void startMessageJobs(db, () => new Date(config.now()), reply.log);
      });
      return ok({ id: created.id, planned: created.planned });
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/broadcast/cancel',
    name: 'messages.broadcast.cancel',
    screen: BROADCAST_SCREEN,
    tags,
    audit: true,
    summary:
      'Stops a running send: players already reached keep their message (and may still claim it), the rest get none; ' +
      "409 when it is not running; 404 unknown (or another partner's)",
    body: sendRef,
    response: answer(sendProgressSchema),
    handler: async ({ db, user, body, note, now }) => ok(await cancelSend(db, user, body.id, now, note)),
  }),
  defineOperation({
    method: 'GET',
    url: '/api/messages/broadcast/progress',
    name: 'messages.broadcast.progress',
    screen: BROADCAST_SCREEN,
    tags,
    summary: "One send with its job's progress (planned, delivered, status) and its players' reads and claims; takes up a send left running",
    query: sendProgressQuery,
    response: answer(sendProgressSchema),
    handler: async ({ db, user, query, config, reply }) => {
      const progress = await sendProgress(db, user, query.id);
      if (progress.status === 'running') void startMessageJobs(db, () => new Date(config.now()), reply.log);
      return ok(progress);
    },
  }),
];

const prefabs: Operation[] = [
  ...listOperations(prefabList),
  defineOperation({
    method: 'POST',
    url: '/api/messages/prefabs/create',
    name: 'messages.prefabs.create',
    screen: PREFAB_SCREEN,
    tags,
    audit: true,
    summary: 'A new template (titles plain text, contents cleaned by the allow list)',
    body: prefabBody,
    response: answer(prefabItem),
    handler: async ({ db, user, now, note, body }) => ok(await createPrefab({ db, user, now, note }, body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/prefabs/update',
    name: 'messages.prefabs.update',
    screen: PREFAB_SCREEN,
    tags,
    audit: true,
    summary: "Overwrites a template; 404 unknown (or another partner's)",
    body: prefabUpdateBody,
    response: answer(prefabItem),
    handler: async ({ db, user, now, note, body }) => {
      const { id, ...rest } = body;
      return ok(await updatePrefab({ db, user, now, note }, id, rest));
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/prefabs/remove',
    name: 'messages.prefabs.remove',
    screen: PREFAB_SCREEN,
    tags,
    audit: true,
    summary: 'Removes a template (messages already sent keep their text)',
    body: prefabRef,
    handler: async ({ db, user, now, note, body }) => {
      await removePrefab({ db, user, now, note }, body.id);
      return { code: 200 };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/prefabs/preview',
    name: 'messages.prefabs.preview',
    screen: PREFAB_SCREEN,
    tags,
    summary: 'A title and content as a player would read them: cleaned as they would be stored, variables filled with sample values',
    body: prefabPreviewBody,
    response: answer(prefabPreview),
    handler: async ({ body, now }) => {
      const values = {
        name: body.name ?? 'Juan',
        lang: body.lang ?? 'en',
        sentAt: now,
        attachment: body.amount ? { currency: body.currency ?? 'chip', amount: body.amount } : null,
      } as const;
      return ok({ title: fillTemplate(plainText(body.title), values, false), content: fillTemplate(sanitizeHtml(body.content), values, true) });
    },
  }),
];

const announcement: Operation[] = [
  ...listOperations(announcementList),
  defineOperation({
    method: 'GET',
    url: '/api/messages/announcement/packages',
    name: 'messages.announcement.packages',
    screen: ANNOUNCEMENT_SCREEN,
    tags,
    summary: 'The packages the account may announce to (a partner account: its own)',
    response: answer(z.array(valueLabel)),
    handler: async ({ db, user }) => {
      return ok(await packageOptions(db, user));
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/announcement/create',
    name: 'messages.announcement.create',
    screen: ANNOUNCEMENT_SCREEN,
    tags,
    audit: true,
    summary:
      'A new announcement for a package (§3 fields; content cleaned by the allow list; link http, https, mailto or tel); ' +
      "404 unknown package (or another partner's)",
    body: announcementBody,
    response: answer(announcementItem),
    handler: async ({ db, user, now, note, body }) => ok(await createAnnouncement({ db, user, now, note }, body)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/announcement/update',
    name: 'messages.announcement.update',
    screen: ANNOUNCEMENT_SCREEN,
    tags,
    audit: true,
    summary: "Overwrites an announcement; 404 unknown (or another partner's)",
    body: announcementUpdateBody,
    response: answer(announcementItem),
    handler: async ({ db, user, now, note, body }) => {
      const { id, ...rest } = body;
      return ok(await updateAnnouncement({ db, user, now, note }, id, rest));
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/messages/announcement/status',
    name: 'messages.announcement.status',
    screen: ANNOUNCEMENT_SCREEN,
    tags,
    audit: true,
    summary: '§4: takes an announcement online or offline (live while online within begin … end)',
    body: announcementStatusBody,
    response: answer(announcementItem),
    handler: async ({ db, user, now, note, body }) => ok(await setAnnouncementStatus({ db, user, now, note }, body.id, body.status)),
  }),
  defineOperation({
    method: 'GET',
    url: '/api/messages/announcement/preview',
    name: 'messages.announcement.preview',
    screen: ANNOUNCEMENT_SCREEN,
    tags,
    summary: 'One announcement as the platform call gives it to the app, and whether it is live now',
    query: announcementRef,
    response: answer(z.object({ announcement: platformAnnouncement, item: announcementItem })),
    handler: async ({ db, user, query, now }) => {
      const row = await findAnnouncement(db, user, query.id);
      return ok({ announcement: toPlatformAnnouncement(row), item: toAnnouncementItem(row, now) });
    },
  }),
];

export const messageOperations: Operation[] = [...broadcast, ...prefabs, ...announcement];

export const messagePlatformOperations: PlatformOperation[] = [
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/messages/inbox',
    name: 'platform.messages.inbox',
    scope: 'config.read',
    summary:
      "A player's messages, newest first (`before` = the previous answer's nextCursor; `limit` ≤ 100), in `lang` (en or zh) with " +
      'the variables filled; each with its attachment and state (unread, read, claimed, expired); 404 unknown player',
    query: inboxQuery,
    response: answer(z.object({ items: z.array(inboxMessage), nextCursor: z.string().nullable() })),
    handler: async ({ db, query, now }) => {
      const inbox = await readInbox(db, query.uid, { lang: query.lang ?? 'en', before: query.before, limit: query.limit ?? 20, now });
      if (!inbox) throw notFound(`Player ${query.uid} not found`);
      return ok(inbox);
    },
  }),
  definePlatformOperation({
    method: 'GET',
    url: '/api/platform/messages/announcements',
    name: 'platform.messages.announcements',
    scope: 'config.read',
    summary: "The announcements live now for a package, in the app's order; ETag of the answer (If-None-Match: 304)",
    query: platformAnnouncementsQuery,
    response: answer(z.object({ package: z.string(), announcements: z.array(platformAnnouncement) })),
    handler: async ({ db, query, now, request, reply }) => {
      const data = { package: query.package, announcements: await liveAnnouncements(db, query.package, now) };
      const etag = etagOf(data);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const asked = request.headers['if-none-match'];
      if (
        typeof asked === 'string' &&
        asked
          .split(',')
          .map((s) => s.trim().replace(/^W\//, ''))
          .includes(etag)
      )
        return reply.code(304).send();
      return ok(data);
    },
  }),
  definePlatformOperation({
    method: 'POST',
    url: '/api/platform/messages/events',
    name: 'platform.messages.events',
    scope: 'events',
    summary:
      "Message events in the events call's form ({events:[{id, type, at, data}]}, 1 to 1000): message.read, message.claimed " +
      '(credits the attachment once, never after it expires); each applied on its own, results applied | rejected | duplicate',
    body: platformEventsBody,
    bodyLimit: 4 * 1024 * 1024,
    response: answer(
      z.object({ results: z.array(z.object({ id: z.string(), status: z.string(), code: z.number().optional(), message: z.string().optional() })) }),
    ),
    handler: async ({ db, app, body, now }) => ok({ results: await applyMessageEvents(db, app.appId, body.events, now) }),
  }),
];
