/**
 * /activities: which catalogue screens are built, from the activities of
 * @console/activities. Each activity's screens come from its declaration and one shape
 * (screens.tsx): dashboard, participants (with the rewards paid), settings, settings change log,
 * invitation details (the activities with an invitee rule).
 */
import { findScreen } from '@console/catalog';
import { ACTIVITIES, type Activity } from '@console/activities';

export const L = 'activities.';
export const MODULE = '/activities';
export const ACTIVITY_SCREENS = ['dashboard', 'players', 'configs', 'configlogs', 'invitedetail'] as const;
export type ActivityScreen = (typeof ACTIVITY_SCREENS)[number];

/** Request paths (the request layer adds /api). */
export const api = (id: string) => `/activities/${id}`;

export interface ActivityScreenEntry {
  path: string;
  activity: Activity;
  screen: ActivityScreen;
}

/** The catalogue path of each screen of each activity (relief: its config is the route itself; onlinesign: `config`). */
export function activityScreenEntries(): ActivityScreenEntry[] {
  const out: ActivityScreenEntry[] = [];
  for (const activity of ACTIVITIES) {
    const base = `${MODULE}/${activity.id}`;
    const has = (p: string) => findScreen(p) !== undefined;
    for (const screen of ACTIVITY_SCREENS) {
      let path: string | null = has(`${base}/${screen}`) ? `${base}/${screen}` : null;
      if (screen === 'configs' && !path) path = has(`${base}/config`) ? `${base}/config` : has(base) ? base : null;
      // invitedetail: the activities whose declaration has an invitee rule (the server's list needs it)
      if (screen === 'invitedetail' && !activity.invitee) path = null;
      if (path) out.push({ path, activity, screen });
    }
  }
  return out;
}

export const titleKey = (id: string, screen: ActivityScreen) => `${L}title.${id}.${screen}`;
export const settingLabel = (id: string, key: string) => `${L}setting.${id}.${key}`;
/** The activity zone (/activities/activityzone): a config screen of its own, not an activity's. */
export const ZONE_PATH = `${MODULE}/activityzone`;

export const stateLabel = (_id: string, state: string) => `${L}state.${state}`;
