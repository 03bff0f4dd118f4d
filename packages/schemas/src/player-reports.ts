/**
 * Items and answers of the /usermanager report screens (docs/api/usermanager.md "Reports"):
 * actives, registers, lostusers, profitslogs, gamerecordlogs, emoteStat, invite, usertrace, badgesearch,
 * telephonecode. Query schemas are built on the server from each declaration. Days are
 * GMT+08:00 calendar days ('2026-11-22'); times ISO 8601 in GMT+08:00; chips integers.
 */
import { z } from 'zod';

const int = () => z.number().int();

/** actives: one day of activity. */
export const activeDay = z.object({
  day: z.string(),
  activePlayers: int().describe('players with at least one login that day'),
  logins: int(),
  newPlayers: int().describe('registrations that day'),
  avgSessionSeconds: int().nullable().describe('mean duration of the logins that reported one'),
});
export type ActiveDay = z.infer<typeof activeDay>;

export const activesSummary = z.object({
  totals: z.object({ activePlayers: int().describe('distinct players over the range'), logins: int(), newPlayers: int() }),
  days: z.array(activeDay),
});
export type ActivesSummary = z.infer<typeof activesSummary>;

/** registers: registrations by day. */
export const registerDay = z.object({ day: z.string(), registrations: int() });
export const registersSummary = z.object({ totals: z.object({ registrations: int() }), days: z.array(registerDay) });
export type RegistersSummary = z.infer<typeof registersSummary>;

export const registeredPlayerItem = z.object({
  uid: int(),
  name: z.string(),
  package: z.string(),
  registerIp: z.string(),
  device: z.string(),
  partner: int(),
  shareId: z.string().nullable(),
  inviterUid: int().nullable(),
  registeredAt: z.string(),
});
export type RegisteredPlayerItem = z.infer<typeof registeredPlayerItem>;

/** lostusers: a player with no login for the chosen number of days. */
export const lostPlayerItem = z.object({
  uid: int(),
  name: z.string(),
  vip: int(),
  partner: int(),
  status: z.string(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable().describe('null: never logged in'),
  chip: int(),
  safe: int(),
  bean: int(),
  withdrawable: int(),
  netWin: int(),
});
export type LostPlayerItem = z.infer<typeof lostPlayerItem>;

/** profitslogs: one player's game chips on one day. */
export const profitItem = z.object({
  id: int(),
  day: z.string(),
  uid: int(),
  name: z.string(),
  partner: int(),
  bets: int().describe('chips staked (wallet debits), less rolled-back bets'),
  wins: int().describe('chips paid out (wallet credits), less rolled-back wins'),
  net: int().describe('wins − bets: what the player won (negative: the house won)'),
  betCount: int(),
});
export type ProfitItem = z.infer<typeof profitItem>;

export const profitDay = z.object({ day: z.string(), players: int(), bets: int(), wins: int(), net: int() });
export const profitsSummary = z.object({
  totals: z.object({ bets: int(), wins: int(), net: int(), houseNet: int().describe('bets − wins') }),
  days: z.array(profitDay),
});
export type ProfitsSummary = z.infer<typeof profitsSummary>;

/** profitslogs: one game over the range, from the round records' roll-ups (house and table games). */
export const profitGameItem = z.object({
  game: z.string(),
  rounds: int().describe('rounds that ended in the range (one player: the rounds they sat in)'),
  bets: int().describe('player seat rows (bets)'),
  players: int().describe('distinct players over the range'),
  turnover: int(),
  wins: int(),
  fees: int(),
  net: int().describe("wins − turnover: the players' result (negative: the house won)"),
  houseTake: int().describe('turnover − wins'),
  rtp: z.number().nullable().describe('wins / turnover; null when nothing was staked'),
});
export type ProfitGameItem = z.infer<typeof profitGameItem>;

/** gamerecordlogs: one bet (seat payout) of a player in a game round. */
export const gameRecordItem = z.object({
  id: int(),
  at: z.string().describe("the round's end"),
  game: z.string(),
  roundId: z.string(),
  round: int().describe("the round's row id (/api/tinygames/<game>/gamerounds/detail?id=)"),
  uid: int(),
  name: z.string(),
  partner: int(),
  seat: z.string(),
  bet: int(),
  win: int(),
  fee: int(),
  jackpot: int(),
  net: int().describe('win − bet'),
  result: z.enum(['win', 'lose', 'even']).describe('win > bet, win < bet, or equal'),
  server: z.string(),
  table: z.string(),
  verified: z.boolean().describe("the round's verification from its revealed seed"),
});
export type GameRecordItem = z.infer<typeof gameRecordItem>;

/** emoteStat: one emote over the range. */
export const emoteStatItem = z.object({ emoteId: z.string(), uses: int(), players: int(), chips: int() });
export type EmoteStatItem = z.infer<typeof emoteStatItem>;

/** invite: an invitee of the searched player, at level 1 (invited by them) or 2 (by an invitee). */
export const inviteTreeItem = z.object({
  uid: int(),
  name: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  inviterUid: int(),
  partner: int(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  invitees: int().describe('players this invitee invited in turn'),
});
export type InviteTreeItem = z.infer<typeof inviteTreeItem>;

/** invite: the players who invited the most. */
export const inviterItem = z.object({
  uid: int(),
  name: z.string(),
  partner: int(),
  invitees: int(),
  secondLevel: int().describe("invitees' invitees"),
  played: int().describe('invitees with at least one game bet'),
});
export type InviterItem = z.infer<typeof inviterItem>;

/** usertrace: one login. */
export const loginTrailItem = z.object({
  id: int(),
  at: z.string(),
  uid: int(),
  partner: int(),
  ip: z.string(),
  deviceId: z.string(),
  durationSeconds: int().nullable(),
});
export type LoginTrailItem = z.infer<typeof loginTrailItem>;

export const TRACE_VIA = ['device', 'ip'] as const;
/** usertrace: an account that used a device or address (of the searched player, or the one searched). */
export const tracedAccountItem = z.object({
  key: z.string().describe('"<via>:<value>:<uid>", unique in the answer'),
  uid: int(),
  name: z.string(),
  partner: int(),
  status: z.string(),
  via: z.enum(TRACE_VIA),
  value: z.string().describe('the device id or IP address'),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type TracedAccountItem = z.infer<typeof tracedAccountItem>;

/** badgesearch: a badge a player holds. */
export const badgeItem = z.object({
  id: int(),
  uid: int(),
  playerName: z.string(),
  badgeId: z.string(),
  name: z.string(),
  grantedAt: z.string(),
});
export type BadgeItem = z.infer<typeof badgeItem>;

/** telephonecode: a verification text sent by the platform. */
export const smsItem = z.object({
  id: int(),
  at: z.string(),
  phoneCountry: z.string(),
  phoneNumber: z.string(),
  code: z.string(),
  provider: z.string(),
  purpose: z.string(),
  appId: z.string(),
});
export type SmsItem = z.infer<typeof smsItem>;
