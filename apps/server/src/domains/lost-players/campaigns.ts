/**
 * A retrieval campaign: a personal message of /messages (createMessageSend: its segment, its
 * delivery job, its claims credited through the ledger, its daily chip limit) to players
 * inactive for N days, with a chip reward, plus a `lost_campaign` row naming it. The preview
 * counts with the very condition the job delivers by (messages' audienceFilter).
 */
import type { CampaignBody, CampaignPreview, CampaignPreviewBody } from '@console/schemas';
import type { Db } from '../../db/open';
import { badInput } from '../../http/api-error';
import type { ScopedSubject } from '../../plugins/partner-scope';
import type { Issuer } from '../issuing/limits';
import { cleanTexts, countAudience, createMessageSend, previewAudience, scopeOf, type Audience } from '../messages/sends';

export const CAMPAIGN_SOURCE = 'loseuser';

const audienceOf = (user: ScopedSubject, segment: CampaignPreviewBody['segment'], now: Date): Audience => ({
  partner: scopeOf(user),
  uids: null,
  segment,
  at: now,
});

export async function previewCampaign(db: Db, user: ScopedSubject, body: CampaignPreviewBody, now: Date): Promise<CampaignPreview> {
  const reward = body.reward ?? 0;
  const p = await previewAudience(db, audienceOf(user, body.segment, now), reward > 0 ? { amount: reward } : undefined);
  return { players: p.players, exposure: p.exposure, sample: p.sample };
}

export interface CreatedCampaign {
  id: number;
  sendId: number;
  planned: number;
  expiresAt: Date;
}

/** Stores the campaign and its send in the caller's transaction; the delivery starts after the commit (startMessageJobs). */
export async function createCampaign(trx: Db, user: Issuer & ScopedSubject, body: CampaignBody, now: Date): Promise<CreatedCampaign> {
  if (!body.name.trim()) throw badInput('name', 'Required');
  const audience = audienceOf(user, body.segment, now);
  const texts = cleanTexts(body);
  const planned = await countAudience(trx, audience);
  if (planned === 0) throw badInput('segment', 'Reaches no player');
  const reward = body.reward ?? 0;
  const send = await createMessageSend(
    trx,
    {
      audience,
      texts,
      attachment: reward > 0 ? { currency: 'chip', amount: reward } : null,
      expiresInDays: body.expiresInDays,
      source: CAMPAIGN_SOURCE,
      issuer: user,
      planned,
    },
    now,
  );
  const row = await trx
    .insertInto('lost_campaign')
    .values({
      partner: audience.partner,
      name: body.name.trim().slice(0, 100),
      send_id: send.id,
      inactive_days: body.segment.inactiveDays!,
      filters: JSON.stringify(body.segment),
      reward,
      planned,
      created_by: user.username,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, sendId: send.id, planned, expiresAt: send.expiresAt };
}
