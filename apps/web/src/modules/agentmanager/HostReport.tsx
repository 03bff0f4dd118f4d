/**
 * /agentmanager/hostreport: every agent's month. The months card shows the last 12 months and
 * which are closed (by whom, when); a month that is over and still open can be closed, after a
 * confirmation that says it cannot be undone (the server writes every agent's row once and never
 * changes it). The list (kit) shows the chosen month: frozen rows of a closed month, figures
 * computed now for an open one.
 */
import { useState } from 'react';
import { Button, Card, Flex, Input, Modal, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { HostReportMonth, HostReportRow } from '@console/schemas';
import { ListScreen, type ListDeclaration, columnMaker, type ColumnMaker, useKitMutation } from '../../kit';
import { FeedbackProvider, useFeedback } from '../../kit/feedback';
import { formatDateTime } from '../../lib/format';
import { request } from '../../shell/request';
import { Permission } from '../../shell/Permission';
import { API, L, lastMonths } from './common';

type MonthState = HostReportMonth;
const col: ColumnMaker<HostReportRow> = columnMaker(`${L}f.`);

export const hostReportList: ListDeclaration<HostReportRow> = {
  name: 'agentmanager-hostreport',
  title: `${L}title.hostreport`,
  api: { url: `${API}/hostreport`, mode: 'cursor' },
  rowKey: 'agent',
  filters: [
    { kind: 'select', name: 'month', label: `${L}f.month`, options: lastMonths().map((m) => ({ value: m, label: m, literal: true })) },
    { kind: 'text', name: 'agent', label: `${L}f.agentUid` },
    { kind: 'text', name: 'partner', label: `${L}f.partner` },
  ],
  columns: [
    col('month'),
    col('agent', 'uid'),
    col('name'),
    col('partner', 'int'),
    col('t1Invitees', 'int'),
    col('t2Invitees', 'int'),
    col('newInvitees', 'int'),
    col('t1Rake', 'money'),
    col('t2Rake', 'money'),
    col('rebate', 'money'),
    col('paid', 'money'),
    col('distributed', 'money'),
    {
      key: 'closed',
      title: `${L}f.closed`,
      render: (v) => <Tag color={v ? 'purple' : 'default'}>{i18next.t(v ? `${L}month.closed` : `${L}month.open`)}</Tag>,
      text: (v) => (v ? 'closed' : 'open'),
    },
  ],
};

function Months() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [closing, setClosing] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const closingMonth = useKitMutation({
    call: (month: string) => request('POST', `${API}/hostreport/close`, { data: { month, note: note.trim() }, silent: true }),
    showError: true,
    invalidates: [[]],
    onSuccess: () => setClosing(null),
  });
  const busy = closingMonth.busy;
  const { data, isLoading } = useQuery({
    queryKey: ['agentmanager-months'],
    queryFn: async () => (await request<MonthState[]>('GET', `${API}/hostreport/months`)).data!,
  });
  const current = lastMonths()[0];
  async function close() {
    if (!closing) return;
    await closingMonth.run(closing);
  }
  return (
    <Card size="small" title={t(`${L}month.title`)} data-testid="hostreport-months">
      <Table<MonthState>
        size="small"
        rowKey="month"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { key: 'month', dataIndex: 'month', title: t(`${L}f.month`) },
          {
            key: 'state',
            title: t(`${L}f.closed`),
            render: (_, m) => (
              <Tag color={m.closed ? 'purple' : 'default'}>
                {t(m.closed ? `${L}month.closed` : m.month === current ? `${L}month.running` : `${L}month.open`)}
              </Tag>
            ),
          },
          { key: 'closedBy', dataIndex: 'closedBy', title: t(`${L}month.closedBy`), render: (v) => v ?? '-' },
          { key: 'closedAt', dataIndex: 'closedAt', title: t(`${L}month.closedAt`), render: (v) => formatDateTime(v) },
          { key: 'agents', dataIndex: 'agents', title: t(`${L}month.agents`), render: (v) => v ?? '-' },
          { key: 'note', dataIndex: 'note', title: t(`${L}f.note`) },
          {
            key: 'action',
            title: '',
            render: (_, m) =>
              !m.closed && m.month !== current ? (
                <Permission roles={['business', 'secadmin', 'admin']}>
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setNote('');
                      setClosing(m.month);
                    }}
                  >
                    {t(`${L}month.close`)}
                  </Button>
                </Permission>
              ) : null,
          },
        ]}
      />
      <Modal
        open={closing !== null}
        title={t(`${L}month.closeTitle`, { month: closing })}
        okText={t(`${L}month.close`)}
        okButtonProps={{ danger: true }}
        cancelText={t('kit.cancel')}
        confirmLoading={busy}
        onOk={() => void close()}
        onCancel={() => {
          setClosing(null);
          message.info(t('kit.operationCancelled'));
        }}
        destroyOnHidden
      >
        <p>{t(`${L}month.closeWarning`, { month: closing })}</p>
        <Input.TextArea rows={2} maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t(`${L}f.note`)} />
      </Modal>
    </Card>
  );
}

export default function HostReport() {
  return (
    <FeedbackProvider>
      <Flex vertical gap={12}>
        <Months />
        <div data-testid="hostreport-list">
          <ListScreen decl={hostReportList} />
        </div>
      </Flex>
    </FeedbackProvider>
  );
}
