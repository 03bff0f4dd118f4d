/** Every activity the engine runs. Adding one: a file under ./activities, its id in ACTIVITY_IDS, one line here. */
import type { Activity } from './define';
import { callbackactivity } from './activities/callbackactivity';
import { cardstask } from './activities/cardstask';
import { ladderloserebate } from './activities/ladderloserebate';
import { luckyrush } from './activities/luckyrush';
import { mining } from './activities/mining';
import { newearnmoney } from './activities/newearnmoney';
import { onlinesign } from './activities/onlinesign';
import { pwaguide } from './activities/pwaguide';
import { rebacklogin } from './activities/rebacklogin';
import { redfission } from './activities/redfission';
import { relief } from './activities/relief';
import { sprintcarnival } from './activities/sprintcarnival';
import { telephonelogin } from './activities/telephonelogin';

export const ACTIVITIES: readonly Activity[] = [
  relief,
  sprintcarnival,
  ladderloserebate,
  luckyrush,
  telephonelogin,
  onlinesign,
  mining,
  rebacklogin,
  cardstask,
  newearnmoney,
  redfission,
  callbackactivity,
  pwaguide,
];

export const findActivity = (id: string): Activity | undefined => ACTIVITIES.find((a) => a.id === id);

/** The catalogue group of an activity under /activities ('/activities/luckyrush'); relief is itself a screen there. */
export const activityBase = (id: string) => `/activities/${id}`;
