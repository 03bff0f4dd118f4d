/**
 * The calls of the player detail (docs/api/players.md) and the roles of its parts, derived
 * from the catalogue screens the server authorizes them with (never a second role list).
 */
import { screenRoles } from '@console/catalog';
import { PLAYER_SCREENS, type CursorPageOf, type PlayerDetail } from '@console/schemas';
import { request } from '../../../shell/request';

export const PLAYER_ROLES = {
  detail: screenRoles(PLAYER_SCREENS.detail),
  chips: screenRoles(PLAYER_SCREENS.chips),
  bans: screenRoles(PLAYER_SCREENS.bans),
};

export const playerKey = (uid: number) => ['player', uid] as const;

export async function fetchDetail(uid: number): Promise<PlayerDetail> {
  return (await request<PlayerDetail>('GET', '/players/detail', { params: { uid }, silent: true })).data!;
}

export type HistoryPart = 'ledger' | 'logins' | 'invitees' | 'changes' | 'banlog';

export async function fetchHistory<T>(part: HistoryPart, uid: number, cursor: string | null, params: Record<string, string> = {}): Promise<CursorPageOf<T>> {
  const answer = await request<CursorPageOf<T>>('GET', `/players/${part}`, {
    params: { uid, pageSize: 20, ...params, cursor: cursor ?? undefined },
    silent: true,
  });
  return answer.data!;
}

/** A staff action; the caller shows the outcome (errors.ts words the refusals). */
export function postAction(path: string, body: unknown) {
  return request('POST', `/players/${path}`, { data: body, silent: true });
}

/** One id per opened form: a retried submission is refused by the server, never applied twice. */
export function newRequestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}
