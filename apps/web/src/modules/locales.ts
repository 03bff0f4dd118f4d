/** Strings of the built module screens (keys under the module's name); merged by the shell's i18n. */
import adminmanager from './adminmanager/locales';
import cashout from './cashout/locales';
import gamehomepage from './gamehomepage/locales';
import gameserver from './gameserver/locales';
import tinygames from './tinygames/locales';
import tablegames from './tablegames/locales';
import providers from './providers/locales';
import controls from './controls/locales';
import messages from './messages/locales';
import appsettings from './appsettings/locales';
import loseuser from './loseuser/locales';
import remoteconfig from './remoteconfig/locales';
import reports from './reports/locales';
import usermanager from './usermanager/locales';
import partners from './partners/locales';
import rooms from './rooms/locales';
import agents from './agents/locales';
import agentreports from './agentreports/locales';
import agentmanager from './agentmanager/locales';
import agentx from './agentx/locales';
import agentcash from './agentcash/locales';
import groundpromoters from './groundpromoters/locales';
import activities from './activities/locales';
import cdkcode from './cdkcode/locales';
import fbactivity from './fbactivity/locales';
import rank from './rank/locales';
import tongitsarena from './tongitsarena/locales';
import vipmanager from './vipmanager/locales';

export default {
  en: {
    ...adminmanager.en,
    ...usermanager.en,
    ...remoteconfig.en,
    ...reports.en,
    ...cashout.en,
    ...gameserver.en,
    ...gamehomepage.en,
    ...tinygames.en,
    ...tablegames.en,
    ...providers.en,
    ...controls.en,
    ...messages.en,
    ...appsettings.en,
    ...loseuser.en,
    ...partners.en,
    ...rooms.en,
    ...agents.en,
    ...agentreports.en,
    ...agentmanager.en,
    ...agentx.en,
    ...agentcash.en,
    ...groundpromoters.en,
    ...activities.en,
    ...vipmanager.en,
    ...cdkcode.en,
    ...fbactivity.en,
    ...rank.en,
    ...tongitsarena.en,
  },
  zh: {
    ...adminmanager.zh,
    ...usermanager.zh,
    ...remoteconfig.zh,
    ...reports.zh,
    ...cashout.zh,
    ...gameserver.zh,
    ...gamehomepage.zh,
    ...tinygames.zh,
    ...tablegames.zh,
    ...providers.zh,
    ...controls.zh,
    ...messages.zh,
    ...appsettings.zh,
    ...loseuser.zh,
    ...partners.zh,
    ...rooms.zh,
    ...agents.zh,
    ...agentreports.zh,
    ...agentmanager.zh,
    ...agentx.zh,
    ...agentcash.zh,
    ...groundpromoters.zh,
    ...activities.zh,
    ...vipmanager.zh,
    ...cdkcode.zh,
    ...fbactivity.zh,
    ...rank.zh,
    ...tongitsarena.zh,
  },
};
