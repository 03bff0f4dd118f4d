/**
 * The configuration history of /remoteconfig (settings/versions.ts), rehomed under
 * /api/gamehomepage: the same saveItem / versionOperations / itemOperations, wrapped rather than
 * copied. Their operations are named and placed for /remoteconfig; here each is given its
 * /gamehomepage URL, name and tag, and the screen whose roles may call it: reading the history
 * takes the screen's roles, restoring and saving take the hidden editing screen's
 * (docs/decisions/010-lobby.md).
 */
import type { Operation } from '../../http/operation';
import { versionOperations, type VersionedItems } from '../../settings/versions';

export const LOBBY_SCREENS = {
  configs: '/gamehomepage/configs',
  category: '/gamehomepage/category',
  packagename: '/gamehomepage/packagename',
  /** Hidden: who changes the games and categories (business, secadmin; admin). */
  edit: '/gamehomepage/edit',
  /** Hidden: who changes a package's lobby (business, secadmin, partner for its own; admin). */
  packageedit: '/gamehomepage/packageedit',
} as const;

export const TAGS = ['gamehomepage'];

/** config_version.kind of a /gamehomepage screen ('gamehomepage.configs'). */
export const kindOf = (screenName: string) => `gamehomepage.${screenName}`;

/** An operation moved to /gamehomepage: URL and name prefixes replaced, its screen set. */
export function rehome(op: Operation, from: { url: string; name: string }, to: { url: string; name: string }, screen: string): Operation {
  if (!op.url.startsWith(from.url) || !op.name.startsWith(from.name)) throw new Error(`${op.name}: not under ${from.url}`);
  return { ...op, url: to.url + op.url.slice(from.url.length), name: to.name + op.name.slice(from.name.length), screen, tags: TAGS };
}

/**
 * GET /api/gamehomepage/<screen>/versions (+ /export) with the screen's roles, and
 * POST …/versions/restore with the editing screen's.
 */
export function lobbyVersionOperations<Doc>(items: VersionedItems<Doc>, screenName: string, readScreen: string, editScreen: string): Operation[] {
  const from = { url: `/api/remoteconfig/${items.kind}/versions`, name: `remoteconfig.${items.kind}.versions` };
  const to = { url: `/api/gamehomepage/${screenName}/versions`, name: `gamehomepage.${screenName}.versions` };
  return versionOperations(items).map((op) => rehome(op, from, to, op.method === 'POST' ? editScreen : readScreen));
}
