/**
 * /loseuser: retrieval campaigns to players inactive for N days (a personal message
 * of /messages with a chip reward) and their outcomes. Every role of the module reads; the
 * roles of the hidden catalogue route /loseuser/sendcampaign (business, partner) preview and
 * send. A partner account reaches, and sees, its own partner's players and campaigns only.
 * docs/api/loseuser.md, docs/decisions/018-lost-players.md.
 */
import { campaignBody, campaignPreview, campaignPreviewBody, lostDashboard as lostDashboardSchema } from '@console/schemas';
import { z } from 'zod';
import { listOperation, exportOperation, type ListSpec } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { summaryOperation } from '../../reports/summary';
import { appendOperationLog } from '../operation-log/chain';
import { startMessageJobs } from '../messages/jobs';
import { createCampaign, previewCampaign } from './campaigns';
import { campaignList, campaignPlayerList, DASHBOARD_SCREEN, lostDashboard, SEND_CAMPAIGN_SCREEN } from './lists';
import { refreshFor } from './refresh';
import { isoInConsoleZone } from '../../http/time';

const tags = ['loseuser'];
const ok = <T>(data: T) => ({ code: 200 as const, data });

/** A list and its export, each refreshing the reader's campaigns' outcomes first. */
function refreshedList(spec: ListSpec): Operation[] {
  return [listOperation(spec), exportOperation(spec)].map((op) => ({
    ...op,
    // the outcomes are refreshed (written) before they are read: on the primary, never the replica
    reads: undefined,
    handler: async (ctx) => {
      await refreshFor(ctx.db, ctx.user!, ctx.now);
      return op.handler(ctx);
    },
  }));
}

export const lostPlayerOperations: Operation[] = [
  ...refreshedList(campaignList),
  ...refreshedList(campaignPlayerList),
  defineOperation({
    method: 'POST',
    url: '/api/loseuser/campaigns/preview',
    name: 'loseuser.campaigns.preview',
    screen: SEND_CAMPAIGN_SCREEN,
    tags,
    summary:
      'How many players a campaign would reach (inactive for inactiveDays, the other segment conditions; a partner account: its own ' +
      'players), the most its reward can cost, and a sample; writes nothing',
    body: campaignPreviewBody,
    response: z.object({ code: z.literal(200), data: campaignPreview }),
    handler: async ({ db, user, body, now }) => ok(await previewCampaign(db, user, body, now)),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/loseuser/campaigns/send',
    name: 'loseuser.campaigns.send',
    screen: SEND_CAMPAIGN_SCREEN,
    tags,
    summary:
      'Sends a campaign: a personal message (titles plain, contents cleaned) with an optional chip reward to the segment, ' +
      'delivered by the messages job; 400 naming the field (reaching nobody: segment), 409 chips over the daily issue limit. ' +
      'Written to the operation log with the campaign',
    body: campaignBody,
    response: z.object({ code: z.literal(200), data: z.object({ id: z.number(), sendId: z.number(), planned: z.number() }) }),
    // its own transaction (with its operation-log record), as messages' send: the job starts after the commit
    handler: async ({ db, user, body, now, ip, reply, config }) => {
      const created = await db.transaction().execute(async (trx) => {
        const campaign = await createCampaign(trx, user, body, now);
        await appendOperationLog(
          trx,
          {
            username: user.username,
            partner: user.partner,
            operation: 'loseuser.campaigns.send',
            target: `lost_campaign:${campaign.id}`,
            result: 'ok',
            status: 200,
            message: '',
            before: null,
            ip,
            after: {
              id: campaign.id,
              sendId: campaign.sendId,
              name: body.name,
              planned: campaign.planned,
              segment: body.segment,
              reward: body.reward ?? 0,
              titleEn: body.titleEn,
              expiresAt: isoInConsoleZone(campaign.expiresAt),
            },
          },
          now,
        );
        return campaign;
      });
      reply.raw.once('finish', () => {
        void startMessageJobs(db, () => new Date(config.now()), reply.log);
      });
      return ok({ id: created.id, sendId: created.sendId, planned: created.planned });
    },
  }),
  summaryOperation({
    url: '/api/loseuser/dashboard',
    name: 'loseuser.dashboard',
    screen: DASHBOARD_SCREEN,
    summary:
      'Campaigns sent in the range: sent, reached, returned, paid, reward cost, recharge after return, return on cost (and the ' +
      "range before); by day: players reached, returned and paying, reward cost of the day's campaigns; outcomes refreshed first",
    response: lostDashboardSchema,
    load: async (db, user, r, _q, now) => {
      await refreshFor(db, user, now);
      return lostDashboard(db, user, r);
    },
  }),
];

export const lostPlayerPlatformOperations: PlatformOperation[] = [];
