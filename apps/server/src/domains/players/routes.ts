/**
 * A player's detail and the staff actions on players (docs/api/players.md). Roles come from
 * three catalogue screens: the detail and its histories from /usermanager/search (the
 * everyday look-up screen), the chip actions from the hidden /usermanager/playerchips,
 * suspensions and bans from /usermanager/banediter.
 */
import {
  banLogPageAnswer, inviteePageAnswer, ledgerPageAnswer, loginPageAnswer, playerDetailAnswer, playerHistoryQuery, playerLedgerQuery,
  playerRefQuery, profileChangePageAnswer,
} from '@console/schemas';
import { defineOperation, type Operation } from '../../http/operation';
import { playerDetail } from './detail';
import { banLogPage, inviteePage, ledgerPage, loginPage, profileChangePage } from './history';

/** The catalogue screens whose roles each group of operations takes (the web's buttons use the same). */
export const PLAYER_SCREENS = {
  detail: '/usermanager/search',
  chips: '/usermanager/playerchips',
  bans: '/usermanager/banediter',
} as const;

const tags = ['players'];
const API = '/api/players';
const ok = (data: unknown) => ({ code: 200, data });

const history = [
  ['ledger', 'Ledger entries of the player (every currency, or `currency`), newest first, keyset', ledgerPageAnswer, ledgerPage, playerLedgerQuery],
  ['logins', 'Login trail of the player, newest first, keyset', loginPageAnswer, loginPage, playerHistoryQuery],
  ['invitees', 'Players this player invited (inviter_uid), newest uid first, keyset', inviteePageAnswer, inviteePage, playerHistoryQuery],
  ['changes', 'Profile change history (name, avatar, GCash, bank, phone), newest first, keyset', profileChangePageAnswer, profileChangePage, playerHistoryQuery],
  ['banlog', 'Bans, lifts and suspensions of the account (ban_log), newest first, keyset', banLogPageAnswer, banLogPage, playerHistoryQuery],
] as const;

export const playerOperations: Operation[] = [
  defineOperation({
    method: 'GET', url: `${API}/detail`, name: 'players.detail', tags, screen: PLAYER_SCREENS.detail,
    summary: "A player's profile, balances, devices and addresses with the accounts sharing them, active bans; 404 outside the caller's partner",
    query: playerRefQuery, response: playerDetailAnswer,
    handler: async ({ db, user, query, now }) => ok(await playerDetail(db, user, query.uid, now)),
  }),
  ...history.map(([part, summary, response, load, query]) => defineOperation({
    method: 'GET', url: `${API}/${part}`, name: `players.${part}`, tags, screen: PLAYER_SCREENS.detail, summary,
    query: query as typeof playerLedgerQuery, response,
    handler: async ({ db, user, query: q }) => ok(await (load as typeof ledgerPage)(db, user, q)),
  })),
];
