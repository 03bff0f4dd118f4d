/**
 * The kit lists of the review screen: every cash-out order (the records, with filters and the
 * server's CSV export) and the charisma cash-outs (issued / unissued) with "Record" and "Issue".
 */
import { CASHOUT_STATES, CHARISMA_STATES, type CashoutOrderItem, type CharismaItem } from '@console/schemas';
import type { ListDeclaration } from '../../kit';
import { STATE_LABELS } from './cells';

const L = 'cashout.';

export const recordsScreen: ListDeclaration<CashoutOrderItem> = {
  name: 'cashout-records',
  title: `${L}records.title`,
  api: { url: '/cashout/orders', mode: 'cursor', export: true },
  rowKey: 'orderId',
  filters: [
    { kind: 'dateRange', name: 'created', label: `${L}col.createdAt` },
    { kind: 'select', name: 'status', label: `${L}col.status`, options: CASHOUT_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] })) },
    { kind: 'text', name: 'uid', label: 'usermanager.uid' },
    { kind: 'text', name: 'orderId', label: `${L}col.orderId` },
    { kind: 'text', name: 'channel', label: `${L}col.channel` },
    { kind: 'number', name: 'amountMin', label: `${L}records.amountMin` },
    { kind: 'number', name: 'amountMax', label: `${L}records.amountMax` },
    { kind: 'text', name: 'claimedBy', label: `${L}records.claimedBy` },
    {
      kind: 'select',
      name: 'late',
      label: `${L}records.late`,
      options: [
        { value: 'true', label: 'kit.yes' },
        { value: 'false', label: 'kit.no' },
      ],
    },
  ],
  columns: [
    { key: 'orderId', title: `${L}col.orderId`, format: 'orderId' },
    { key: 'uid', title: 'usermanager.uid', format: 'uid' },
    { key: 'channel', title: `${L}col.channel` },
    { key: 'amount', title: `${L}col.amount`, format: 'money', sortable: true },
    { key: 'fee', title: `${L}col.fee`, format: 'money' },
    { key: 'account', title: `${L}col.account` },
    { key: 'status', title: `${L}col.status`, labels: STATE_LABELS },
    { key: 'createdAt', title: `${L}col.createdAt`, format: 'datetime', sortable: true },
    { key: 'claimedBy', title: `${L}records.claimedBy` },
    { key: 'approvedBy', title: `${L}records.approvedBy` },
    { key: 'secondApprovedBy', title: `${L}records.secondApprovedBy` },
    { key: 'resolvedBy', title: `${L}records.resolvedBy` },
    { key: 'finishedAt', title: `${L}records.finishedAt`, format: 'datetime' },
    { key: 'providerRef', title: `${L}ctx.providerRef` },
    { key: 'lateOutcome', title: `${L}records.late` },
    { key: 'remarks', title: `${L}ctx.remarks` },
  ],
};

const charismaLabels = Object.fromEntries(CHARISMA_STATES.map((s) => [s, `${L}charisma.states.${s}`]));

export const charismaScreen: ListDeclaration<CharismaItem> = {
  name: 'charisma-cashout',
  title: `${L}charisma.title`,
  api: { url: '/cashout/charisma', mode: 'page', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'select', name: 'status', label: `${L}col.status`, options: CHARISMA_STATES.map((s) => ({ value: s, label: charismaLabels[s] })) },
    { kind: 'text', name: 'uid', label: 'usermanager.uid' },
  ],
  columns: [
    { key: 'id', title: `${L}charisma.id` },
    { key: 'uid', title: 'usermanager.uid', format: 'uid' },
    { key: 'charisma', title: `${L}charisma.charisma`, format: 'int' },
    { key: 'amount', title: `${L}charisma.amount`, format: 'money', sortable: true },
    { key: 'status', title: `${L}col.status`, labels: charismaLabels },
    { key: 'requestedBy', title: `${L}charisma.requestedBy` },
    { key: 'requestedAt', title: `${L}charisma.requestedAt`, format: 'datetime', sortable: true },
    { key: 'issuedBy', title: `${L}charisma.issuedBy` },
    { key: 'issuedAt', title: `${L}charisma.issuedAt`, format: 'datetime' },
  ],
  toolbar: [
    {
      key: 'record',
      label: `${L}charisma.record`,
      form: {
        title: `${L}charisma.record`,
        fields: [
          { name: 'uid', label: 'usermanager.uid', kind: 'number', required: true, min: 1 },
          { name: 'charisma', label: `${L}charisma.charisma`, kind: 'number', required: true, min: 1, help: `${L}charisma.rate` },
        ],
      },
      call: { method: 'POST', url: '/cashout/charisma/request', body: (_row, v) => ({ uid: Number(v.uid), charisma: Number(v.charisma) }) },
    },
  ],
  actions: [
    {
      key: 'issue',
      label: `${L}charisma.issue`,
      confirm: `${L}charisma.confirmIssue`,
      visible: (row) => row.status === 'unissued',
      call: { method: 'POST', url: '/cashout/charisma/issue', body: (row) => ({ id: row!.id }) },
    },
  ],
};
