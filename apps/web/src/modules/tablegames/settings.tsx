/**
 * A table game's settings screen (tongitsconfig, pusoyconfig; one shape, declared per game):
 * the game's own settings (fees, jackpot share, turn time, bet limits: the form and history of
 * the house games' configs, modules/tinygames), its rooms (its /platmanager room templates, read
 * here with their AI seats and edited there: decision 035) and, for a game with a jackpot, the
 * pool's rules.
 */
import { findGame } from '@console/games';
import type { TableRoomRow } from '@console/schemas';
import { Flex, Typography } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListScreen, type ListDeclaration } from '../../kit';
import { formatMoney } from '../../lib/format';
import { GameConfigs } from '../tinygames/configs';
import { configBase, L, MODE_LABELS, options } from './common';
import { DocumentConfig, jackpotSpec } from './documents';

type Room = TableRoomRow;

/** The game's rooms: its /platmanager room templates (decision 035), read here with the AI seats each may seat; edited on /platmanager/template. */
export function roomsList(game: string): ListDeclaration<Room> {
  return {
    name: `tablegames-${game}-rooms`,
    title: `${L}rooms`,
    rowKey: 'room',
    pageSize: 50,
    api: { url: `${configBase(game)}/rooms`, mode: 'page', export: true },
    filters: [{ kind: 'select', name: 'mode', label: `${L}f.mode`, options: options(MODE_LABELS) }],
    columns: [
      { key: 'room', title: `${L}f.room`, sortable: true },
      { key: 'name', title: `${L}f.name`, sortable: true },
      { key: 'mode', title: `${L}f.mode`, labels: MODE_LABELS, sortable: true },
      { key: 'ante', title: `${L}f.ante`, format: 'money', sortable: true },
      { key: 'minBalance', title: `${L}f.minBalance`, format: 'money', sortable: true },
      {
        key: 'maxBalance',
        title: `${L}f.maxBalance`,
        format: 'money',
        sortable: true,
        render: (v) => (v === 0 ? i18next.t(`${L}room.noLimit`) : `${formatMoney(v)}`),
        text: (v) => (v === 0 ? '' : formatMoney(v)),
      },
      { key: 'open', title: `${L}f.open`, format: 'bool' },
      ...(game === 'tongits'
        ? [
            { key: 'aiSeats' as const, title: `${L}f.aiSeats`, format: 'int' as const },
            { key: 'playable' as const, title: `${L}f.playable`, format: 'bool' as const },
          ]
        : []),
    ],
  };
}

function RoomsNote({ game }: { game: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="rooms-note">
      {t(`${L}room.catalogue`)} <Link to={`/platmanager/template?game=${game}`}>{t(`${L}room.editThere`)}</Link>
    </Typography.Paragraph>
  );
}

export function TableGameSettings({ game }: { game: string }) {
  const hasJackpot = Object.hasOwn((findGame(game)?.defaults ?? {}) as object, 'jackpotBps');
  return (
    <Flex vertical gap={16}>
      <GameConfigs game={game} base={`${configBase(game)}/settings`} title={`${L}settingsTitle.${game}`} />
      <Flex vertical gap={4}>
        <RoomsNote game={game} />
        <ListScreen decl={roomsList(game)} />
      </Flex>
      {hasJackpot && <DocumentConfig spec={jackpotSpec(game)} />}
    </Flex>
  );
}

export const TongitsConfig = () => <TableGameSettings game="tongits" />;
export const PusoyConfig = () => <TableGameSettings game="pusoy" />;
