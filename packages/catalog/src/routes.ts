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

/** The catalogue with the default options: what the console serves unless a setting says otherwise. */
export const catalog: RouteNode[] = buildCatalog();
