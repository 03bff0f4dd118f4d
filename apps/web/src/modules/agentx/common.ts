/** Shared bits of the /agentx screens (docs/api/agentx.md). */
import { callbackUrl, ipOrCidr } from '@console/schemas';
import i18next from 'i18next';
import type { SelectOption } from '../../kit';

export const L = 'agentx.';
/** API base without /api (shell/request adds it). */
export const API = '/agentx/list';

export const WALLET_OPTIONS: SelectOption[] = [
  { value: 'seamless', label: `${L}wallet.seamless` },
  { value: 'transfer', label: `${L}wallet.transfer` },
];
export const STATUS_LABELS: Record<string, string> = { active: `${L}status.active`, suspended: `${L}status.suspended` };
export const WALLET_LABELS: Record<string, string> = { seamless: `${L}wallet.seamless`, transfer: `${L}wallet.transfer` };

/** The allow list as typed (commas, spaces or new lines) → entries. */
export const splitList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v ?? '')
        .split(/[\s,]+/)
        .filter(Boolean);

/** Every entry an IPv4/IPv6 address or CIDR block (the server's own check, from @console/schemas). */
export const ipListRule = {
  validator: async (_: unknown, v: unknown) => {
    const bad = splitList(v).find((entry) => !ipOrCidr.safeParse(entry).success);
    if (bad !== undefined) throw new Error(i18next.t(`${L}validation.ip`, { entry: bad }));
  },
};
export const callbackRule = {
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    if (!callbackUrl.safeParse(String(v).trim()).success) throw new Error(i18next.t(`${L}validation.callback`));
  },
};
