/** Shared by the /gameserver screens: labels of states, processes and games, the games as options. */
import { GAMES } from '@console/games';
import type { SelectOption } from '../../kit';

export const L = 'gameserver.';

const labels = (prefix: string, values: readonly string[]) => Object.fromEntries(values.map((v) => [v, `${L}${prefix}.${v}`]));
export const STATE_LABELS = labels('states', ['active', 'draining', 'maintenance', 'retired']);
export const PROCESS_LABELS = labels('processes', ['unknown', 'running', 'stopped', 'crashed']);
export const HEALTH_LABELS = labels('healths', ['green', 'red', 'grey']);
export const KIND_LABELS = labels('logs.kinds', ['start', 'stop', 'crash', 'deploy', 'drained', 'staff', 'missed', 'recovered']);
export const ACTION_LABELS = labels('logs.actions', ['register', 'edit', 'drain', 'maintenance', 'resume', 'retire']);
export const GAME_LABELS = labels(
  'game',
  GAMES.map((g) => g.id),
);

export const options = (map: Record<string, string>): SelectOption[] => Object.entries(map).map(([value, label]) => ({ value, label }));
export const GAME_OPTIONS = options(GAME_LABELS);
export const STATE_OPTIONS = options(STATE_LABELS);

export const HEALTH_COLOURS: Record<string, string> = { green: 'success', red: 'error', grey: 'default' };
export const STATE_COLOURS: Record<string, string> = { active: 'green', draining: 'orange', maintenance: 'gold', retired: 'default' };
