/**
 * The one shape of the third-party game screens: PROVIDER_GROUPS (jiligames = JILI,
 * thirdgames = every other provider with a provider filter) × PROVIDER_SCREENS (datareport,
 * dashboard, userreport, logs), each path read from the route catalogue. Nothing here names a
 * provider but the group rule of @console/schemas.
 */
import { listScreens } from '@console/catalog';
import { PROVIDER_GROUPS, PROVIDER_SCREENS, type ProviderGroup, type ProviderScreen } from '@console/schemas';

export const L = 'providers.';
export const MODULE = '/tinygames';

/** The staff API of a group (docs/api/providers.md), without the API base. */
export const api = (group: ProviderGroup) => `${MODULE}/${group}`;

export interface ProviderScreenEntry {
  path: string;
  group: ProviderGroup;
  screen: ProviderScreen;
}

/** Every (group, screen) the catalogue has: the registry's entries. */
export function providerScreenEntries(): ProviderScreenEntry[] {
  const paths = new Set(listScreens().map((s) => s.fullPath));
  return PROVIDER_GROUPS.flatMap((group) =>
    PROVIDER_SCREENS.flatMap((screen) => {
      const path = `${MODULE}/${group}/${screen}`;
      return paths.has(path) ? [{ path, group, screen }] : [];
    }),
  );
}
