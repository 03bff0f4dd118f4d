/** Cells shared by the /gameserver screens: games as translated tags, state as a coloured tag. */
import { Tag } from 'antd';
import i18next from 'i18next';
import { EMPTY } from '../../lib/format';
import { GAME_LABELS, STATE_COLOURS, STATE_LABELS } from './common';

export const gameName = (id: string) => (GAME_LABELS[id] ? i18next.t(GAME_LABELS[id]) : id);

export function GamesCell({ games }: { games: unknown }) {
  if (!Array.isArray(games) || games.length === 0) return <>{EMPTY}</>;
  return (
    <>
      {games.map((g) => (
        <Tag key={String(g)}>{gameName(String(g))}</Tag>
      ))}
    </>
  );
}

export function StateTag({ state }: { state: string }) {
  return <Tag color={STATE_COLOURS[state]}>{STATE_LABELS[state] ? i18next.t(STATE_LABELS[state]) : state}</Tag>;
}

export const gamesText = (games: unknown) => (Array.isArray(games) && games.length ? games.map((g) => gameName(String(g))).join(', ') : EMPTY);
