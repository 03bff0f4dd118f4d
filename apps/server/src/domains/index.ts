/**
 * Every domain of the server, in the order the app registers them (app.ts walks this list).
 * Each domain declares what it adds in its manifest.ts (domains/manifest.ts).
 */
import type { DomainTriggers } from '../db/triggers';
import type { DomainManifest } from './manifest';
import { manifest as auth } from './auth/manifest';
import { manifest as accounts } from './accounts/manifest';
import { manifest as operationLog } from './operation-log/manifest';
import { manifest as ledger } from './ledger/manifest';
import { manifest as platform } from './platform/manifest';
import { manifest as players } from './players/manifest';
import { manifest as playerLists } from './player-lists/manifest';
import { manifest as playerReports } from './player-reports/manifest';
import { manifest as playerRecords } from './player-records/manifest';
import { manifest as issuing } from './issuing/manifest';
import { manifest as paymentConfig } from './payment-config/manifest';
import { manifest as recharge } from './recharge/manifest';
import { manifest as cashout } from './cashout/manifest';
import { manifest as paymentReports } from './payment-reports/manifest';
import { manifest as games } from './games/manifest';
import { manifest as gameServers } from './game-servers/manifest';
import { manifest as lobby } from './lobby/manifest';
import { manifest as tableGames } from './table-games/manifest';
import { manifest as providers } from './providers/manifest';
import { manifest as controls } from './controls/manifest';
import { manifest as messages } from './messages/manifest';
import { manifest as appSettings } from './app-settings/manifest';
import { manifest as lostPlayers } from './lost-players/manifest';
import { manifest as partners } from './partners/manifest';
import { manifest as rooms } from './rooms/manifest';
import { manifest as agents } from './agents/manifest';
import { manifest as agentReports } from './agent-reports/manifest';
import { manifest as agentmanager } from './agentmanager/manifest';
import { manifest as agentx } from './agentx/manifest';
import { manifest as agentcash } from './agentcash/manifest';
import { manifest as groundpromoters } from './groundpromoters/manifest';
import { manifest as activities } from './activities/manifest';
import { manifest as vip } from './vip/manifest';
import { manifest as vipmanager } from './vipmanager/manifest';
import { manifest as fbactivity } from './fbactivity/manifest';
import { manifest as rank } from './rank/manifest';
import { manifest as tongitsarena } from './tongitsarena/manifest';
import { manifest as cdkcode } from './cdkcode/manifest';
import { manifest as partitions } from './partitions/manifest';

export const DOMAINS: readonly DomainManifest[] = [
  auth,
  accounts,
  operationLog,
  ledger,
  platform,
  players,
  playerLists,
  playerReports,
  playerRecords,
  issuing,
  paymentConfig,
  recharge,
  cashout,
  paymentReports,
  games,
  gameServers,
  lobby,
  tableGames,
  providers,
  controls,
  messages,
  appSettings,
  lostPlayers,
  partners,
  rooms,
  agents,
  agentReports,
  agentmanager,
  agentx,
  agentcash,
  groundpromoters,
  activities,
  vip,
  vipmanager,
  fbactivity,
  rank,
  tongitsarena,
  cdkcode,
  partitions,
];

/** Every domain's triggers, by domain (db/repeatable.test.ts holds them to the database). */
export const DOMAIN_TRIGGERS: Record<string, DomainTriggers> = Object.fromEntries(DOMAINS.flatMap((d) => (d.triggers ? [[d.name, d.triggers]] : [])));
