/**
 * /tinygames/tongitscheat: players flagged for good (flag with a reason, lift a flag with a
 * reason; every change in the flag log below and the operation log) and players reported in
 * games (flag the reported player from a report).
 */
import { Flex } from 'antd';
import { GAMES } from '@console/games';
import type { CheatFlagLogRow, CheatFlagRow, GameReportRow } from '@console/schemas';
import { ListScreen, type FieldDeclaration, type ListDeclaration } from '../../kit';
import { reasonRules } from '../../lib/validators';
import { ACTION_LABELS, CHEAT, L, options, REASON_LABELS, YES_NO } from './common';

const reasonField: FieldDeclaration = { name: 'reason', label: `${L}f.reason`, kind: 'textarea', help: `${L}flag.reasonHelp`, rules: (tr) => reasonRules(tr) };
const FLAGS = `${CHEAT}/permanentcheat`;

export const flagsList: ListDeclaration<CheatFlagRow> = {
  name: 'tablegames-permanentcheat',
  title: `${L}title.permanentcheat`,
  rowKey: 'uid',
  api: { url: FLAGS, mode: 'page', export: true },
  filters: [
    { kind: 'text', name: 'uid', label: `${L}f.uid` },
    { kind: 'text', name: 'flaggedBy', label: `${L}f.flaggedBy` },
    { kind: 'text', name: 'reason', label: `${L}f.reason` },
    { kind: 'dateRange', name: 'flagged', label: `${L}f.flaggedAt` },
  ],
  columns: [
    { key: 'uid', title: `${L}f.uid`, format: 'uid', sortable: true },
    { key: 'name', title: `${L}f.name` },
    { key: 'partner', title: `${L}f.partner`, format: 'int' },
    { key: 'reason', title: `${L}f.reason` },
    { key: 'flaggedBy', title: `${L}f.flaggedBy` },
    { key: 'flaggedAt', title: `${L}f.flaggedAt`, format: 'datetime', sortable: true },
    { key: 'reports', title: `${L}f.reports`, format: 'int' },
    { key: 'report', title: `${L}f.report`, format: 'int' },
  ],
  toolbar: [
    {
      key: 'flag',
      label: `${L}flag.flag`,
      confirm: `${L}flag.confirmFlag`,
      form: { title: `${L}flag.flag`, fields: [{ name: 'uid', label: `${L}f.uid`, kind: 'number', required: true, min: 1 }, reasonField] },
      call: { method: 'POST', url: `${FLAGS}/flag`, body: (_row, v) => ({ uid: Number(v.uid), reason: String(v.reason ?? '').trim() }) },
    },
  ],
  actions: [
    {
      key: 'unflag',
      label: `${L}flag.unflag`,
      danger: true,
      confirm: `${L}flag.confirmUnflag`,
      form: { title: `${L}flag.unflag`, fields: [reasonField] },
      call: { method: 'POST', url: `${FLAGS}/unflag`, body: (row, v) => ({ uid: row!.uid, reason: String(v.reason ?? '').trim() }) },
    },
  ],
  emptyHint: `${L}flag.empty`,
};

export const flagLogList: ListDeclaration<CheatFlagLogRow> = {
  name: 'tablegames-permanentcheat-log',
  title: `${L}flag.log`,
  rowKey: 'id',
  api: { url: `${FLAGS}/log`, mode: 'cursor', export: true },
  // the page's other filters (uid, from/to) are the flags list's: this one filters by who and what
  filters: [
    { kind: 'text', name: 'actor', label: `${L}f.actor` },
    { kind: 'select', name: 'action', label: `${L}f.action`, options: options(ACTION_LABELS) },
  ],
  columns: [
    { key: 'at', title: `${L}f.at`, format: 'datetime' },
    { key: 'uid', title: `${L}f.uid`, format: 'uid' },
    { key: 'action', title: `${L}f.action`, labels: ACTION_LABELS },
    { key: 'reason', title: `${L}f.reason` },
    { key: 'actor', title: `${L}f.actor` },
    { key: 'partner', title: `${L}f.partner`, format: 'int' },
  ],
};

export function PermanentCheat() {
  return (
    <Flex vertical gap={16}>
      <ListScreen decl={flagsList} />
      <ListScreen decl={flagLogList} />
    </Flex>
  );
}

export const reportsList: ListDeclaration<GameReportRow> = {
  name: 'tablegames-reportedlogs',
  title: `${L}title.reportedlogs`,
  rowKey: 'id',
  api: { url: `${CHEAT}/reportedlogs`, mode: 'cursor', export: true },
  filters: [
    { kind: 'text', name: 'targetUid', label: `${L}f.targetUid` },
    { kind: 'text', name: 'uid', label: `${L}f.reporter` },
    {
      kind: 'select',
      name: 'game',
      label: `${L}f.game`,
      options: GAMES.filter((g) => g.kind === 'table').map((g) => ({ value: g.id, label: `tinygames.game.${g.id}` })),
    },
    { kind: 'select', name: 'reason', label: `${L}f.reason`, options: options(REASON_LABELS) },
    { kind: 'select', name: 'flagged', label: `${L}f.flagged`, options: YES_NO },
    { kind: 'text', name: 'roundId', label: `${L}f.roundId` },
    { kind: 'dateRange', name: 'reported', label: `${L}f.at` },
  ],
  columns: [
    { key: 'at', title: `${L}f.at`, format: 'datetime', sortable: true },
    { key: 'targetUid', title: `${L}f.targetUid`, format: 'uid' },
    { key: 'targetName', title: `${L}f.targetName` },
    { key: 'uid', title: `${L}f.reporter`, format: 'uid' },
    { key: 'name', title: `${L}f.reporterName` },
    { key: 'game', title: `${L}f.game` },
    { key: 'table', title: `${L}f.table` },
    { key: 'roundId', title: `${L}f.roundId` },
    { key: 'reason', title: `${L}f.reason`, labels: REASON_LABELS },
    { key: 'text', title: `${L}f.text` },
    { key: 'flagged', title: `${L}f.flagged`, format: 'bool' },
    { key: 'partner', title: `${L}f.partner`, format: 'int', hidden: true },
  ],
  actions: [
    {
      key: 'flag',
      label: `${L}flag.flagReported`,
      confirm: `${L}flag.confirmFlagReported`,
      visible: (row) => !row.flagged,
      form: { title: `${L}flag.flagReported`, fields: [reasonField] },
      call: {
        method: 'POST',
        url: `${CHEAT}/reportedlogs/flag`,
        body: (row, v) => ({ uid: row!.targetUid, reason: String(v.reason ?? '').trim(), report: row!.id }),
      },
    },
  ],
};

export const ReportedLogs = () => <ListScreen decl={reportsList} />;
