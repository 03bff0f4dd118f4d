/**
 * /vipmanager/vipservice: VIP players with their host (filters host, VIP level, uid, unassigned
 * only; export) with assign / unassign (confirmed) and "log a contact" (form), and the contact
 * log in a second tab. Hosts are the accounts the server offers (/vipservice/hosts).
 */
import { useEffect, useMemo, useState } from 'react';
import { Tabs, Tag } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  VIP_CONTACT_CHANNELS,
  VIP_CONTACT_OUTCOMES,
  VIP_NOTE_MAX,
  type AnswerData,
  type VipContactItem,
  type vipHostListAnswer,
  type VipHostItem,
  type VipPlayerItem,
} from '@console/schemas';
import { ListScreen, type ColumnDeclaration, type ListDeclaration, type SelectOption } from '../../kit';
import { request } from '../../shell/request';

const S = 'vipmanager.vipservice.';
const channelOptions: SelectOption[] = VIP_CONTACT_CHANNELS.map((c) => ({ value: c, label: `${S}channel.${c}` }));
const outcomeOptions: SelectOption[] = VIP_CONTACT_OUTCOMES.map((o) => ({ value: o, label: `${S}outcome.${o}` }));
const CHANNEL_LABELS = Object.fromEntries(channelOptions.map((o) => [o.value, o.label]));
const OUTCOME_LABELS = Object.fromEntries(outcomeOptions.map((o) => [o.value, o.label]));
const OUTCOME_COLORS: Record<string, string> = { reached: 'green', noAnswer: 'default', callback: 'blue', declined: 'red', other: 'default' };

const hostOption = (h: VipHostItem): SelectOption => ({ value: h.username, label: h.name && h.name !== h.username ? `${h.username} (${h.name})` : h.username });

export function playersList(hosts: VipHostItem[]): ListDeclaration<VipPlayerItem> {
  const options = () => hosts.map(hostOption);
  const columns: ColumnDeclaration<VipPlayerItem>[] = [
    { key: 'uid', title: `${S}f.uid`, format: 'uid', sortable: true },
    { key: 'name', title: `${S}f.name` },
    { key: 'vip', title: `${S}f.vip`, format: 'int', sortable: true },
    { key: 'partner', title: `${S}f.partner`, format: 'int' },
    { key: 'host', title: `${S}f.host`, render: (v) => (v ? String(v) : <Tag>{i18next.t(`${S}none`)}</Tag>), text: (v) => (v ? String(v) : '') },
    { key: 'hostName', title: `${S}f.hostName` },
    { key: 'assignedBy', title: `${S}f.assignedBy` },
    { key: 'assignedAt', title: `${S}f.assignedAt`, format: 'datetime', sortable: true },
    { key: 'contacts', title: `${S}f.contacts`, format: 'int' },
    { key: 'lastContactAt', title: `${S}f.lastContactAt`, format: 'datetime' },
  ];
  return {
    name: 'vipservice',
    title: `${S}title`,
    api: { url: '/vipmanager/vipservice', mode: 'page', export: true },
    rowKey: 'uid',
    filters: [
      { kind: 'text', name: 'uid', label: `${S}f.uid` },
      { kind: 'select', name: 'host', label: `${S}f.host`, options: hosts.map(hostOption) },
      { kind: 'number', name: 'vip', label: `${S}f.vip` },
      {
        kind: 'select',
        name: 'unassigned',
        label: `${S}f.unassigned`,
        options: [
          { value: 'true', label: `${S}unassignedOnly` },
          { value: 'false', label: `${S}assignedOnly` },
        ],
      },
    ],
    columns,
    actions: [
      {
        key: 'assign',
        label: (r) => (r?.host ? `${S}action.reassign` : `${S}action.assign`),
        form: {
          title: `${S}action.assign`,
          fields: [{ name: 'host', label: `${S}f.host`, kind: 'select', required: true, options }],
          initialValues: (r) => ({ host: r?.host ?? undefined }),
        },
        call: { method: 'POST', url: '/vipmanager/vipservice/assign', body: (r, v) => ({ uid: r!.uid, host: v.host }) },
      },
      {
        key: 'unassign',
        label: `${S}action.unassign`,
        danger: true,
        visible: (r) => r.host !== null,
        confirm: `${S}action.confirmUnassign`,
        call: { method: 'POST', url: '/vipmanager/vipservice/unassign', body: (r) => ({ uid: r!.uid }) },
      },
      {
        key: 'contact',
        label: `${S}action.contact`,
        form: {
          title: `${S}action.contact`,
          fields: [
            { name: 'channel', label: `${S}f.channel`, kind: 'select', required: true, options: channelOptions },
            { name: 'outcome', label: `${S}f.outcome`, kind: 'select', required: true, options: outcomeOptions },
            { name: 'note', label: `${S}f.note`, kind: 'textarea', required: true, rules: [{ max: VIP_NOTE_MAX }, { whitespace: true }] },
            { name: 'host', label: `${S}f.contactHost`, kind: 'select', options, help: `${S}help.contactHost` },
          ],
          initialValues: (r) => ({ host: r?.host ?? undefined }),
        },
        call: {
          method: 'POST',
          url: '/vipmanager/vipservice/contact',
          body: (r, v) => ({ uid: r!.uid, channel: v.channel, outcome: v.outcome, note: String(v.note ?? ''), ...(v.host ? { host: v.host } : {}) }),
        },
      },
    ],
    detail: { title: `${S}detail`, items: columns },
  };
}

const contactColumns: ColumnDeclaration<VipContactItem>[] = [
  { key: 'contactedAt', title: `${S}f.contactedAt`, format: 'datetime', sortable: true },
  { key: 'uid', title: `${S}f.uid`, format: 'uid' },
  { key: 'name', title: `${S}f.name` },
  { key: 'host', title: `${S}f.contactHost` },
  { key: 'channel', title: `${S}f.channel`, labels: CHANNEL_LABELS },
  {
    key: 'outcome',
    title: `${S}f.outcome`,
    labels: OUTCOME_LABELS,
    render: (v) => <Tag color={OUTCOME_COLORS[String(v)]}>{i18next.t(OUTCOME_LABELS[String(v)] ?? String(v))}</Tag>,
  },
  { key: 'note', title: `${S}f.note`, width: 320 },
  { key: 'loggedBy', title: `${S}f.loggedBy` },
  { key: 'loggedAt', title: `${S}f.loggedAt`, format: 'datetime' },
];

export const contactsList: ListDeclaration<VipContactItem> = {
  name: 'vipservice-contacts',
  title: `${S}contacts`,
  api: { url: '/vipmanager/vipservice/contacts', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'uid', label: `${S}f.uid` },
    { kind: 'text', name: 'host', label: `${S}f.contactHost` },
    { kind: 'select', name: 'channel', label: `${S}f.channel`, options: channelOptions },
    { kind: 'select', name: 'outcome', label: `${S}f.outcome`, options: outcomeOptions },
    { kind: 'text', name: 'note', label: `${S}f.note` },
    { kind: 'dateRange', name: 'contactedAt', label: `${S}f.contactedAt` },
  ],
  columns: contactColumns,
  detail: { title: `${S}contact`, items: contactColumns },
};

export default function VipserviceScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('players');
  const [hosts, setHosts] = useState<VipHostItem[]>([]);
  useEffect(() => {
    void request<AnswerData<typeof vipHostListAnswer>>('GET', '/vipmanager/vipservice/hosts', { silent: true }).then(
      (res) => setHosts(res.data!.items),
      () => setHosts([]),
    );
  }, []);
  const players = useMemo(() => playersList(hosts), [hosts]);
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'players', label: t(`${S}title`), children: <ListScreen decl={players} /> },
        { key: 'contacts', label: t(`${S}contacts`), children: <ListScreen decl={contactsList} /> },
      ]}
    />
  );
}
