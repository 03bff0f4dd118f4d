/** Shared by the /gamehomepage screens: API paths, who may change what, option lists, labels. */
import { screenRoles } from '@console/catalog';
import i18next from 'i18next';
import type { SelectOption } from '../../kit';

export const L = 'gamehomepage.';
export const API = '/gamehomepage';

/** Any-of roles for the Permission element (admin holds every screen: listed explicitly). */
const withAdmin = (path: string): string[] => ['admin', ...screenRoles(path).filter((r) => r !== 'admin')];
/** Who changes the games and categories: the hidden catalogue route /gamehomepage/edit. */
export const EDIT_ROLES = withAdmin('/gamehomepage/edit');
/** Who changes a package's lobby (a partner: its own): the hidden route /gamehomepage/packageedit. */
export const PACKAGE_EDIT_ROLES = withAdmin('/gamehomepage/packageedit');

export const PLATFORM_LABELS: Record<string, string> = {
  all: `${L}platform.all`,
  android: `${L}platform.android`,
  ios: `${L}platform.ios`,
  web: `${L}platform.web`,
};
export const PLATFORM_OPTIONS: SelectOption[] = Object.entries(PLATFORM_LABELS).map(([value, label]) => ({ value, label }));
export const VISIBLE_LABELS: Record<string, string> = { true: `${L}visible.true`, false: `${L}visible.false` };
export const VISIBLE_OPTIONS: SelectOption[] = [
  { value: 'true', label: `${L}visible.true` },
  { value: 'false', label: `${L}visible.false` },
];

/** Forms take pesos (2 decimals); the API takes centavos. */
export const toCentavos = (pesos: unknown) => Math.round(Number(pesos ?? 0) * 100);
export const toPesos = (centavos: unknown) => Number(centavos ?? 0) / 100;

/** An antd rule from a test on the value (empty values are left to `required`). */
export const rule = (ok: (v: string) => boolean, key: string) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    if (!ok(String(v))) throw new Error(i18next.t(key));
  },
});
export const tagRule = rule((v) => /^[a-z0-9_.-]{1,64}$/.test(v), `${L}validation.tag`);
export const codeRule = rule((v) => /^[A-Za-z0-9_.-]{1,64}$/.test(v), `${L}validation.code`);
export const providerRule = rule((v) => /^[a-z0-9]{1,16}$/.test(v), `${L}validation.provider`);
/** Pesos with at most 2 decimals, 0 or more (a pay limit or an init value of 0 means none). */
export const pesosRule = rule((v) => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 && n <= 10_000_000_000 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}, 'remoteconfig.validation.pesos');
