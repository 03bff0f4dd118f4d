/** Shared bits of the /agentmanager screens (docs/api/agentmanager.md). */
import i18next from 'i18next';
import type { SelectOption } from '../../kit';
import { recentMonths } from '@console/time';

export const L = 'agentmanager.';
/** API base without /api (shell/request adds it). */
export const API = '/agentmanager';

/** Chips are centavos (1 chip = 1 centavo): forms take pesos, the API takes chips. */
export const toChips = (v: unknown) => Math.round(Number(v ?? 0) * 100);
/** A fresh id of a movement (a resend of the same call is the same movement). */
export const newRequestId = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const pesosRule = {
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    const n = Number(v);
    if (!(n > 0) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6 || n > 10_000_000_000) throw new Error(i18next.t(`${L}validation.pesos`));
  },
};

export const KIND_LABELS: Record<string, string> = { stock: `${L}kind.stock`, distribute: `${L}kind.distribute`, return: `${L}kind.return` };
export const options = (labels: Record<string, string>): SelectOption[] => Object.entries(labels).map(([value, label]) => ({ value, label }));
export const STATUS_LABELS: Record<string, string> = { active: `${L}status.active`, frozen: `${L}status.frozen` };
export const TIER_LABELS: Record<string, string> = { 0: `${L}tier.0`, 1: `${L}tier.1`, 2: `${L}tier.2` };

/** The last 12 months (GMT+08:00), newest first, as 'YYYY-MM'. */
export function lastMonths(now = Date.now()): string[] {
  return recentMonths(now, 12);
}
