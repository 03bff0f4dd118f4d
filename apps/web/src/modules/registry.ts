import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Screens that are built, by full catalogue path ('/adminmanager/editer').
 * A catalogue route with no entry here opens the "not available yet" page.
 * Each module contributes its own map (modules/<module>/index.ts) and is listed here.
 */
export type ScreenMap = Record<string, LazyExoticComponent<ComponentType>>;

import { adminmanagerScreens } from './adminmanager';
import { cashoutScreens } from './cashout';
import { gamehomepageScreens } from './gamehomepage';
import { gameserverScreens } from './gameserver';
import { tinygamesScreens } from './tinygames';
import { tablegamesScreens } from './tablegames';
import { providersScreens } from './providers';
import { controlsScreens } from './controls';
import { messagesScreens } from './messages';
import { appsettingsScreens } from './appsettings';
import { loseuserScreens } from './loseuser';
import { remoteconfigScreens } from './remoteconfig';
import { reportsScreens } from './reports';
import { usermanagerScreens } from './usermanager';
import { partnersScreens } from './partners';
import { roomsScreens } from './rooms';
import { agentsScreens } from './agents';
import { agentreportsScreens } from './agentreports';
import { agentmanagerScreens } from './agentmanager';
import { agentxScreens } from './agentx';
import { agentcashScreens } from './agentcash';
import { groundpromotersScreens } from './groundpromoters';
import { activitiesScreens } from './activities';
import { vipmanagerScreens } from './vipmanager';
import { fbactivityScreens } from './fbactivity';
import { rankScreens } from './rank';
import { tongitsarenaScreens } from './tongitsarena';
import { cdkcodeScreens } from './cdkcode';

export const screens: ScreenMap = {
  ...adminmanagerScreens,
  ...usermanagerScreens,
  ...remoteconfigScreens,
  ...reportsScreens,
  ...cashoutScreens,
  ...gameserverScreens,
  ...gamehomepageScreens,
  ...tinygamesScreens,
  ...tablegamesScreens,
  ...providersScreens,
  ...controlsScreens,
  ...messagesScreens,
  ...appsettingsScreens,
  ...loseuserScreens,
  ...partnersScreens,
  ...roomsScreens,
  ...agentsScreens,
  ...agentreportsScreens,
  ...agentmanagerScreens,
  ...agentxScreens,
  ...agentcashScreens,
  ...groundpromotersScreens,
  ...activitiesScreens,
  ...vipmanagerScreens,
  ...fbactivityScreens,
  ...rankScreens,
  ...tongitsarenaScreens,
  ...cdkcodeScreens,
};
