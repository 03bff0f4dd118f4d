/**
 * The lobby editor's state, as pure functions (tested alone): a package's lobby being edited
 * (own order or not, categories shown and their order, games shown and their order), the body
 * it saves and the lobby it would show, by the server's rules (domains/lobby/lobby.ts).
 */
import type { LobbyCategory, LobbyGame, LobbyLayoutBody, LobbyView } from '@console/schemas';

export interface Draft {
  package: string;
  custom: boolean;
  /** Every category code: the shown ones first, in the lobby's order. */
  categoryOrder: string[];
  shownCategories: string[];
  /** Every game tag: the package's games first, in their order. */
  gameOrder: string[];
  shownGames: string[];
}

const byOrder = (a: LobbyCategory, b: LobbyCategory) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code);
const byRank = (a: LobbyGame, b: LobbyGame) => a.rank - b.rank || a.tag.localeCompare(b.tag);

export function startDraft(layout: LobbyLayoutBody, categories: LobbyCategory[], games: LobbyGame[]): Draft {
  const cats = [...categories].sort(byOrder);
  const shownCategories = layout.custom ? layout.categories : cats.filter((c) => c.visible).map((c) => c.code);
  const rest = cats.map((c) => c.code).filter((c) => !shownCategories.includes(c));
  const catIndex = new Map(cats.map((c, i) => [c.code, i]));
  const others = games
    .filter((g) => !layout.games.includes(g.tag))
    .sort((a, b) => (catIndex.get(a.category) ?? 0) - (catIndex.get(b.category) ?? 0) || byRank(a, b))
    .map((g) => g.tag);
  return {
    package: layout.package,
    custom: layout.custom,
    categoryOrder: [...shownCategories, ...rest],
    shownCategories: [...shownCategories],
    gameOrder: [...layout.games, ...others],
    shownGames: [...layout.games],
  };
}

/** What saving sends. */
export function draftBody(d: Draft): LobbyLayoutBody {
  return {
    package: d.package,
    custom: d.custom,
    categories: d.custom ? d.categoryOrder.filter((c) => d.shownCategories.includes(c)) : [],
    games: d.gameOrder.filter((g) => d.shownGames.includes(g)),
  };
}

/** Moves `item` one place up (-1) or down (+1) among the items for which `same` holds. */
export function move(order: string[], item: string, step: -1 | 1, same: (other: string) => boolean = () => true): string[] {
  const peers = order.filter(same);
  const at = peers.indexOf(item);
  const swapWith = peers[at + step];
  if (at < 0 || swapWith === undefined) return order;
  const next = [...order];
  const i = next.indexOf(item);
  const j = next.indexOf(swapWith);
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

export const toggle = (list: string[], item: string, on: boolean) => (on ? (list.includes(item) ? list : [...list, item]) : list.filter((x) => x !== item));

/** The lobby the draft would show (every platform, no pay limit): the server's ordering rules. */
export function draftLobby(d: Draft, categories: LobbyCategory[], games: LobbyGame[]): Pick<LobbyView, 'categories'> {
  const cat = new Map(categories.map((c) => [c.code, c]));
  const game = new Map(games.map((g) => [g.tag, g]));
  const codes = d.custom ? d.categoryOrder.filter((c) => d.shownCategories.includes(c)) : [...categories].sort(byOrder).map((c) => c.code);
  const shown = d.gameOrder
    .filter((t) => d.shownGames.includes(t))
    .map((t) => game.get(t))
    .filter((g): g is LobbyGame => g !== undefined && g.visible);
  return {
    categories: codes
      .map((code) => cat.get(code))
      .filter((c): c is LobbyCategory => c !== undefined && c.visible)
      .map((c) => {
        const inside = shown.filter((g) => g.category === c.code);
        if (!d.custom) inside.sort(byRank);
        return {
          code: c.code,
          name: { en: c.nameEn, zh: c.nameZh },
          icon: c.icon,
          games: inside.map((g) => ({
            tag: g.tag,
            provider: g.provider,
            name: { en: g.nameEn, zh: g.nameZh },
            icon: g.icon,
            initValue: g.initValue,
            platform: g.platform,
            payLimit: g.payLimit,
          })),
        };
      })
      .filter((c) => c.games.length > 0),
  };
}
