/**
 * A player's detail and the staff actions on players (docs/api/players.md). Roles come from
 * three catalogue screens: the detail and its histories from /usermanager/search (the
 * everyday look-up screen), the chip actions from the hidden /usermanager/playerchips,
 * suspensions and bans from /usermanager/banediter.
 */
import {
  banAnswer,
  banBody,
  banLogPageAnswer,
  chipChangeAnswer,
  chipChangeBody,
  inviteePageAnswer,
  ledgerPageAnswer,
  loginPageAnswer,
  playerDetailAnswer,
  playerHistoryQuery,
  playerLedgerQuery,
  playerRefQuery,
  PLAYER_SCREENS,
  playerStatusAnswer,
  profileChangePageAnswer,
  safeMoveBody,
  suspendBody,
  unbanBody,
  unsuspendBody,
} from '@console/schemas';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation, type OperationContext } from '../../http/operation';
import type { SessionUser } from '../auth/sessions';
import { activeBans } from './ban-list';
import { banValue, liftBan } from './bans';
import { addChips, moveSafe, reduceChips, type StaffChange } from './chips';
import { playerDetail } from './detail';
import { banLogPage, inviteePage, ledgerPage, loginPage, profileChangePage } from './history';
import { suspendPlayer, unsuspendPlayer } from './status';

const tags = ['players'];
const API = '/api/players';
const staff = (ctx: OperationContext<unknown, unknown, SessionUser>): StaffChange => ({ db: ctx.db, user: ctx.user, now: ctx.now, note: ctx.note });
const ok = (data: unknown) => ({ code: 200, data });

const history = [
  ['ledger', 'Ledger entries of the player (every currency, or `currency`), newest first, keyset', ledgerPageAnswer, ledgerPage, playerLedgerQuery],
  ['logins', 'Login trail of the player, newest first, keyset', loginPageAnswer, loginPage, playerHistoryQuery],
  ['invitees', 'Players this player invited (inviter_uid), newest uid first, keyset', inviteePageAnswer, inviteePage, playerHistoryQuery],
  [
    'changes',
    'Profile change history (name, avatar, GCash, bank, phone), newest first, keyset',
    profileChangePageAnswer,
    profileChangePage,
    playerHistoryQuery,
  ],
  ['banlog', 'Bans, lifts and suspensions of the account (ban_log), newest first, keyset', banLogPageAnswer, banLogPage, playerHistoryQuery],
] as const;

export const playerOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: `${API}/detail`,
    name: 'players.detail',
    tags,
    screen: PLAYER_SCREENS.detail,
    summary: "A player's profile, balances, devices and addresses with the accounts sharing them, active bans; 404 outside the caller's partner",
    query: playerRefQuery,
    response: playerDetailAnswer,
    handler: async ({ db, user, query, now }) => ok(await playerDetail(db, user, query.uid, now)),
  }),
  ...history.map(([part, summary, response, load, query]) =>
    defineOperation({
      method: 'GET',
      url: `${API}/${part}`,
      name: `players.${part}`,
      tags,
      screen: PLAYER_SCREENS.detail,
      summary,
      query: query as typeof playerLedgerQuery,
      response,
      handler: async ({ db, user, query: q }) => ok(await (load as typeof ledgerPage)(db, user, q)),
    }),
  ),
  defineOperation({
    method: 'POST',
    url: `${API}/chips/add`,
    name: 'players.chips.add',
    tags,
    screen: PLAYER_SCREENS.chips,
    audit: true,
    summary: "Adds chips (reason ≤ 200 characters), counted against the account's daily issue limit (409 past it)",
    body: chipChangeBody,
    response: chipChangeAnswer,
    handler: async (ctx) => ok(await addChips(staff(ctx), ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/chips/reduce`,
    name: 'players.chips.reduce',
    tags,
    screen: PLAYER_SCREENS.chips,
    audit: true,
    summary: 'Takes chips away (reason ≤ 200 characters); 409 Insufficient balance when short',
    body: chipChangeBody,
    response: chipChangeAnswer,
    handler: async (ctx) => ok(await reduceChips(staff(ctx), ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/safe/move`,
    name: 'players.safe.move',
    tags,
    screen: PLAYER_SCREENS.chips,
    audit: true,
    summary: "Moves chips between the player's chip and safe balances (toSafe | toChip); 409 Insufficient balance when short",
    body: safeMoveBody,
    response: chipChangeAnswer,
    handler: async (ctx) => ok(await moveSafe(staff(ctx), ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/suspend`,
    name: 'players.suspend',
    tags,
    screen: PLAYER_SCREENS.bans,
    audit: true,
    summary: 'Suspends a player until a future date ("Date must be filled in"); 409 for a banned player',
    body: suspendBody,
    response: playerStatusAnswer,
    handler: async (ctx) => ok(await suspendPlayer(staff(ctx), ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/unsuspend`,
    name: 'players.unsuspend',
    tags,
    screen: PLAYER_SCREENS.bans,
    audit: true,
    summary: 'Lifts a suspension; a player not suspended is left as is (changed: false)',
    body: unsuspendBody,
    response: playerStatusAnswer,
    handler: async (ctx) => ok(await unsuspendPlayer(staff(ctx), ctx.body)),
  }),
  ...listOperations(activeBans),
  defineOperation({
    method: 'POST',
    url: `${API}/ban`,
    name: 'players.ban',
    tags,
    screen: PLAYER_SCREENS.bans,
    audit: true,
    summary: 'Bans an account (value = uid), a device id or an IP address; 409 when an active ban of that kind and value exists',
    body: banBody,
    response: banAnswer,
    handler: async (ctx) => ok(await banValue(staff(ctx), ctx.body)),
  }),
  defineOperation({
    method: 'POST',
    url: `${API}/unban`,
    name: 'players.unban',
    tags,
    screen: PLAYER_SCREENS.bans,
    audit: true,
    summary: 'Lifts a ban by id; a ban already lifted is left as is (changed: false)',
    body: unbanBody,
    response: banAnswer,
    handler: async (ctx) => ok(await liftBan(staff(ctx), ctx.body)),
  }),
];
