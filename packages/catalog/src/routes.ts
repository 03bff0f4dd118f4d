/**
 * The whole route catalogue of spec §2, in menu order: the fixed module '/', then the
 * role-gated modules. /agentmanager and /aigames are defined but only added when enabled.
 */
import { activitiesModule } from './modules/activities';
import { adminmanagerModule } from './modules/adminmanager';
import { agentcashModule } from './modules/agentcash';
import { agentcooperationModule } from './modules/agentcooperation';
import { agentmanagerModule } from './modules/agentmanager';
import { agentxModule } from './modules/agentx';
import { aigamesModule } from './modules/aigames';
import { cheatmanagerModule } from './modules/cheatmanager';
import { familyModule } from './modules/family';
import { gamehomepageModule } from './modules/gamehomepage';
import { gameserverModule } from './modules/gameserver';
import { groundpromotersModule } from './modules/groundpromoters';
import { loseuserModule } from './modules/loseuser';
import { messagesModule } from './modules/messages';
import { partnermanagerModule } from './modules/partnermanager';
import { partyModule } from './modules/party';
import { personalcontrolModule } from './modules/personalcontrol';
import { platmanagerModule } from './modules/platmanager';
import { remoteconfigModule } from './modules/remoteconfig';
import { rootModule } from './modules/root';
import { tinygamesModule } from './modules/tinygames';
import { tpPersonalcontrolModule } from './modules/tppersonalcontrol';
import { treasurehuntModule } from './modules/treasurehunt';
import { usermanagerModule } from './modules/usermanager';
import { vipmanagerModule } from './modules/vipmanager';
import type { RouteNode } from './types';

export interface CatalogOptions {
  /** Add /agentmanager (right after /agentcash). Off by default: §2 leaves it out. */
  agentmanager?: boolean;
  /** Add /aigames (right after /tinygames). Off by default: §2 defines it but does not add it. */
  aigames?: boolean;
}

/** The catalogue in menu order; the optional modules only when switched on. */
export function buildCatalog(options: CatalogOptions = {}): RouteNode[] {
  const optional = (on: boolean | undefined, module: RouteNode) => (on ? [module] : []);
  return [
    rootModule,
    gameserverModule,
    gamehomepageModule,
    activitiesModule,
    tinygamesModule,
    ...optional(options.aigames, aigamesModule),
    messagesModule,
    usermanagerModule,
    treasurehuntModule,
    vipmanagerModule,
    agentcashModule,
    ...optional(options.agentmanager, agentmanagerModule),
    loseuserModule,
    cheatmanagerModule,
    partyModule,
    familyModule,
    adminmanagerModule,
    agentxModule,
    personalcontrolModule,
    tpPersonalcontrolModule,
    remoteconfigModule,
    platmanagerModule,
    agentcooperationModule,
    partnermanagerModule,
    groundpromotersModule,
  ];
}

export const OPTIONAL_MODULES = ['agentmanager', 'aigames'] as const;

/**
 * The setting CONSOLE_OPTIONAL_MODULES ("agentmanager,aigames", either, or empty) as catalogue
 * options; an unknown name is an error that names it.
 */
export function optionalModules(setting: string | undefined): CatalogOptions {
  const options: CatalogOptions = {};
  for (const raw of (setting ?? '').split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (!(OPTIONAL_MODULES as readonly string[]).includes(name)) {
      throw new Error(`CONSOLE_OPTIONAL_MODULES: unknown module "${name}" (known: ${OPTIONAL_MODULES.join(', ')})`);
    }
    options[name as (typeof OPTIONAL_MODULES)[number]] = true;
  }
  return options;
}

// Replaced by the web build (apps/web/vite.config.ts `define`) with the setting at build time.
declare const __CONSOLE_OPTIONAL_MODULES__: string | undefined;

/** The setting where this code runs: baked into the web build, read from the environment on the server. */
function optionalModulesSetting(): string | undefined {
  if (typeof __CONSOLE_OPTIONAL_MODULES__ === 'string') return __CONSOLE_OPTIONAL_MODULES__;
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.CONSOLE_OPTIONAL_MODULES;
}

/**
 * The catalogue the console serves: the default options, plus the optional modules the
 * setting CONSOLE_OPTIONAL_MODULES switches on (the same value must reach the web build and
 * the server; `npm start` builds and serves in one environment).
 */
export const catalog: RouteNode[] = buildCatalog(optionalModules(optionalModulesSetting()));
