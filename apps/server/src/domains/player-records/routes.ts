/**
 * /usermanager search and activity records (docs/api/usermanager.md, "Search and records"):
 * search, searchsales, beanlogs, bonuslogs, giftlogs, playtokplayer, coindealerlogs,
 * banAccountlogs, feedback and tipoffs (each a list with its CSV export), and the audited
 * feedback and tip-off actions. See apps/web/src/modules/usermanager/index.ts for the split.
 */
import { feedbackAnswer, feedbackCloseBody, feedbackReplyBody, tipoffAnswer, tipoffHandleBody } from '@console/schemas';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation, type OperationContext } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { banAccountlogs, beanlogs, bonuslogs, coindealerlogs, giftlogs, playtokplayer } from './activity';
import { closeFeedback, feedback, handleTipoff, replyFeedback, tipoffs, type RecordChange } from './moderation';
import { searchsalesOperations } from './sales';
import { search } from './search';

const tags = ['player records'];
const change = (ctx: OperationContext<unknown, unknown, SessionUser>): RecordChange => ({ db: ctx.db, user: ctx.user, now: ctx.now, note: ctx.note });

export const playerRecordsOperations: Operation[] = [
  ...listOperations(search),
  ...searchsalesOperations,
  ...[beanlogs, bonuslogs, giftlogs, playtokplayer, coindealerlogs, banAccountlogs, feedback, tipoffs].flatMap(listOperations),
  defineOperation({
    method: 'POST',
    url: '/api/usermanager/feedback/reply',
    name: 'usermanager.feedback.reply',
    tags,
    screen: '/usermanager/feedback',
    audit: true,
    summary: 'Replies to a feedback (reply required, ≤ 500 characters): status replied, handled by the caller; 409 when closed',
    body: feedbackReplyBody,
    response: feedbackAnswer,
    handler: async (ctx) => ({ code: 200, data: await replyFeedback(change(ctx), ctx.body) }),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/usermanager/feedback/close',
    name: 'usermanager.feedback.close',
    tags,
    screen: '/usermanager/feedback',
    audit: true,
    summary: 'Closes a feedback (open or replied); 409 when already closed',
    body: feedbackCloseBody,
    response: feedbackAnswer,
    handler: async (ctx) => ({ code: 200, data: await closeFeedback(change(ctx), ctx.body) }),
  }),
  defineOperation({
    method: 'POST',
    url: '/api/usermanager/tipoffs/handle',
    name: 'usermanager.tipoffs.handle',
    tags,
    screen: '/usermanager/tipoffs',
    audit: true,
    summary: 'Gives a pending tip-off its verdict (valid | invalid) and an optional note (≤ 200 characters); 409 when already handled',
    body: tipoffHandleBody,
    response: tipoffAnswer,
    handler: async (ctx) => ({ code: 200, data: await handleTipoff(change(ctx), ctx.body) }),
  }),
];
