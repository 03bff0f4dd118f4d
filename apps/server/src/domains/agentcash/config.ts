/**
 * /agentcash/agent_config: the agent cash-out settings, one document per partner (key '0' is
 * the platform's default; a partner without its own document uses it). Versioned like every
 * configuration (settings/versions.ts, decision 004): each save keeps who, when, before
 * and after, and any version can be restored. A partner account reads and saves its own.
 */
import { agentCashConfigBody, type AgentCashConfig } from '@console/schemas';
import { z } from 'zod';
import type { Db } from '../../db/open';
import type { VersionedItems } from '../../settings/versions';

export const CONFIG_SCREEN = '/agentcash/agent_config';

/**
 * The defaults (docs/domain.md, a published Philippine example): ₱100 to ₱100,000 a request
 * and ₱100,000 a day, at most 3 a day; fee 1%, requests up to ₱1,000 skip the manual review,
 * above ₱10,000 two approvers (decision 024).
 */
export const DEFAULT_AGENT_CASH_CONFIG: AgentCashConfig = Object.freeze({
  minAmount: 10_000,
  maxAmount: 10_000_000,
  dailyMaxAmount: 10_000_000,
  dailyCount: 3,
  feePercent: 1,
  autoApproveAmount: 100_000,
  fourEyesAmount: 1_000_000,
});

function fromRow(r: Record<string, unknown>): AgentCashConfig {
  return {
    minAmount: Number(r.min_amount),
    maxAmount: Number(r.max_amount),
    dailyMaxAmount: Number(r.daily_max_amount),
    dailyCount: Number(r.daily_count),
    feePercent: Number(r.fee_percent),
    autoApproveAmount: Number(r.auto_approve_amount),
    fourEyesAmount: Number(r.four_eyes_amount),
  };
}

export interface ConfigInForce {
  config: AgentCashConfig;
  source: 'partner' | 'platform' | 'default';
}

/** The settings in force for a partner's agents: its own, else the platform's, else the defaults. */
export async function agentCashConfig(db: Db, partner: number): Promise<ConfigInForce> {
  const rows = await db.selectFrom('agent_cash_config').selectAll().where('partner', 'in', [0, partner]).execute();
  const own = rows.find((r) => r.partner === partner && partner > 0);
  if (own) return { config: fromRow(own), source: 'partner' };
  const platform = rows.find((r) => r.partner === 0);
  if (platform) return { config: fromRow(platform), source: 'platform' };
  return { config: { ...DEFAULT_AGENT_CASH_CONFIG }, source: 'default' };
}

export const agentCashConfigItems: VersionedItems<AgentCashConfig & { partner: number }> = {
  screen: CONFIG_SCREEN,
  kind: 'agent_config',
  noun: 'Agent cash-out settings',
  read: async (db, key) => {
    const row = await db.selectFrom('agent_cash_config').selectAll().where('partner', '=', Number(key)).forUpdate().executeTakeFirst();
    return row ? { partner: Number(key), ...fromRow(row) } : null;
  },
  write: async (db, key, doc, now) => {
    if (!doc) {
      await db.deleteFrom('agent_cash_config').where('partner', '=', Number(key)).execute();
      return;
    }
    const values = {
      min_amount: doc.minAmount,
      max_amount: doc.maxAmount,
      daily_max_amount: doc.dailyMaxAmount,
      daily_count: doc.dailyCount,
      fee_percent: doc.feePercent,
      auto_approve_amount: doc.autoApproveAmount,
      four_eyes_amount: doc.fourEyesAmount,
      updated_by: 'console',
      updated_at: now,
    };
    await db
      .insertInto('agent_cash_config')
      .values({ partner: Number(key), ...values })
      .onConflict((oc) => oc.column('partner').doUpdateSet(values))
      .execute();
  },
  partnerOf: (doc) => doc.partner,
  restorable: z.object({ partner: z.number().int().min(0) }).and(agentCashConfigBody),
};

/** Records who saved a partner's settings last (the settings row's updated_by). */
export async function stampConfigEditor(db: Db, partner: number, username: string): Promise<void> {
  await db.updateTable('agent_cash_config').set({ updated_by: username }).where('partner', '=', partner).execute();
}
