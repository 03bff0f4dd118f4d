/**
 * The one shape: each screen of the two modules as a function of its scope; index.ts registers
 * `screenFor(path)` for every catalogue path of /personalcontrol and /TPpersonalcontrol.
 */
import type { ComponentType } from 'react';
import { ListScreen } from '../../kit';
import { BASE, type Scope, type ScopeScreen } from './common';
import { ControlConfigs } from './configs';
import { logsList, payRankList, rankingList, userconfigsList, wgconfigsList } from './lists';

const SHAPE: Record<ScopeScreen, (scope: Scope) => ComponentType> = {
  configs: (scope) => () => <ControlConfigs scope={scope} />,
  userconfigs: (scope) => {
    const decl = userconfigsList(scope);
    return () => <ListScreen decl={decl} />;
  },
  logs: (scope) => {
    const decl = logsList(scope);
    return () => <ListScreen decl={decl} />;
  },
  ranking: (scope) => {
    const decl = rankingList(scope);
    return () => <ListScreen decl={decl} />;
  },
};
const HOUSE_ONLY: Record<string, ComponentType> = {
  payRank: () => <ListScreen decl={payRankList} />,
  wgconfigs: () => <ListScreen decl={wgconfigsList} />,
};

const made = new Map<string, ComponentType>();

/** The component of a catalogue path (the same one each time). */
export function screenFor(path: string): ComponentType {
  let c = made.get(path);
  if (!c) {
    const scope = (Object.keys(BASE) as Scope[]).find((s) => path.startsWith(`${BASE[s]}/`))!;
    const screen = path.slice(BASE[scope].length + 1);
    c = SHAPE[screen as ScopeScreen]?.(scope) ?? HOUSE_ONLY[screen];
    c.displayName = `Controls(${path})`;
    made.set(path, c);
  }
  return c;
}
