/**
 * /messages/broadcast: compose a personal message to one player, a pasted list of uids or a
 * segment, with an optional attachment; the preview says how many players it reaches before
 * anything is sent; the send runs as a job whose progress shows here; below, every send.
 */
import type { BroadcastPreview, BroadcastSent, PageOf, PrefabItem, SendItem, SendProgress } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Modal, Progress, Radio, Row, Select, Space, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen, usePreviewSend, type ListDeclaration } from '../../kit';
import { formatMoney } from '../../lib/format';
import { request } from '../../shell/request';
import { CURRENCY_LABELS, CURRENCY_OPTIONS, L } from './common';
import { MessageTexts } from './MessageTexts';
import { ReachPreview, segmentOf } from './audience';

const S = `${L}broadcast.`;
type Preview = BroadcastPreview;

function sendsDeclaration(show: (row: SendItem) => void): ListDeclaration<SendItem> {
  return {
    name: 'messages-broadcast',
    title: `${S}sends`,
    api: { url: '/messages/broadcast', mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'title', label: `${L}titleEn` },
      { kind: 'select', name: 'targetKind', label: `${S}target`, options: ['uid', 'list', 'segment'].map((k) => ({ value: k, label: `${S}kinds.${k}` })) },
      { kind: 'select', name: 'status', label: `${S}status`, options: ['running', 'done', 'cancelled'].map((k) => ({ value: k, label: `${S}statuses.${k}` })) },
      { kind: 'select', name: 'currency', label: `${S}attachment`, options: CURRENCY_OPTIONS },
      { kind: 'text', name: 'createdBy', label: `${L}createdBy` },
      { kind: 'dateRange', name: 'createdAt', label: `${S}sentAt` },
    ],
    columns: [
      { key: 'id', title: 'ID', width: 70, render: (v, row) => <a onClick={() => show(row)}>{String(v)}</a>, text: (v) => String(v) },
      { key: 'createdAt', title: `${S}sentAt`, format: 'datetime', sortable: true },
      { key: 'titleEn', title: `${L}titleEn` },
      { key: 'targetKind', title: `${S}target`, labels: { uid: `${S}kinds.uid`, list: `${S}kinds.list`, segment: `${S}kinds.segment` } },
      { key: 'target', title: `${S}audience` },
      { key: 'currency', title: `${S}attachment`, labels: CURRENCY_LABELS },
      { key: 'amount', title: `${S}amount`, format: 'money', sortable: true },
      { key: 'planned', title: `${S}planned`, format: 'int', sortable: true },
      { key: 'delivered', title: `${S}delivered`, format: 'int' },
      { key: 'status', title: `${S}status`, labels: { running: `${S}statuses.running`, done: `${S}statuses.done`, cancelled: `${S}statuses.cancelled` } },
      { key: 'expiresAt', title: `${S}expiresAt`, format: 'datetime' },
      { key: 'source', title: `${S}source`, hidden: true },
      { key: 'createdBy', title: `${L}createdBy` },
    ],
  };
}

function SendProgressModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const progress = useQuery({
    queryKey: ['messages-send-progress', id],
    queryFn: async () => (await request<SendProgress>('GET', '/messages/broadcast/progress', { params: { id } })).data!,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
  const p = progress.data;
  const { modal } = App.useApp();
  const stop = () =>
    modal.confirm({
      title: t('kit.confirmTitle'),
      content: t(`${S}confirmStop`),
      okButtonProps: { danger: true },
      onOk: async () => {
        await request('POST', '/messages/broadcast/cancel', { data: { id } });
        await progress.refetch();
      },
    });
  const footer = (
    <Space>
      {p?.status === 'running' && (
        <Button danger onClick={stop}>
          {t(`${S}stop`)}
        </Button>
      )}
      <Button onClick={onClose}>{t('kit.ok')}</Button>
    </Space>
  );
  return (
    <Modal open title={`${t(`${S}progress`)} #${id}`} onCancel={onClose} footer={footer}>
      {p && (
        <>
          <Progress
            percent={p.planned ? Math.floor((p.delivered / p.planned) * 100) : 100}
            status={p.status === 'running' ? 'active' : p.status === 'cancelled' ? 'exception' : 'success'}
          />
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 's', label: t(`${S}status`), children: <Tag>{t(`${S}statuses.${p.status}`)}</Tag> },
              { key: 'p', label: t(`${S}planned`), children: p.planned },
              { key: 'd', label: t(`${S}delivered`), children: <span data-testid="send-delivered">{p.delivered}</span> },
              { key: 'r', label: t(`${S}read`), children: p.read },
              {
                key: 'c',
                label: t(`${S}claimed`),
                children: p.currency ? `${p.claimed} (${formatMoney(p.claimedAmount)} ${t(CURRENCY_LABELS[p.currency])})` : '-',
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

function Composer({ onSent }: { onSent: (id: number) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const kind = Form.useWatch('kind', form) as string | undefined;
  const withAttachment = Form.useWatch('withAttachment', form) as boolean | undefined;
  const amount = Form.useWatch('amount', form) as number | undefined;
  const currency = Form.useWatch('currency', form) as string | undefined;
  const prefabs = useQuery({
    queryKey: ['messages-prefab-options'],
    queryFn: async () => (await request<PageOf<PrefabItem>>('GET', '/messages/prefabs', { params: { pageSize: 500 } })).data?.items ?? [],
  });

  const target = (v: Record<string, any>) => {
    if (v.kind === 'uid') return { kind: 'uid', uid: Number(v.uid) };
    if (v.kind === 'list') return { kind: 'list', uids: String(v.uids ?? '') };
    return { kind: 'segment', segment: segmentOf(v) };
  };
  const attachment = (v: Record<string, any>) => (v.withAttachment && v.amount ? { currency: v.currency, amount: Math.round(v.amount * 100) } : undefined);

  const flow = usePreviewSend({
    preview: async () => {
      const v = await form.validateFields(['kind', 'uid', 'uids', 'vipMin', 'vipMax', 'partner', 'inactiveDays', 'amount']);
      const all = { ...form.getFieldsValue(true), ...v };
      return (await request<Preview>('POST', '/messages/broadcast/preview', { data: { target: target(all), attachment: attachment(all) } })).data!;
    },
    values: () => form.validateFields() as Promise<Record<string, any>>,
    confirm: (seen) => t(`${S}confirmSend`, { count: seen.players }),
    send: async (v) =>
      (
        await request<BroadcastSent>('POST', '/messages/broadcast/send', {
          data: {
            target: target(v),
            prefabId: v.prefabId || undefined,
            titleEn: v.titleEn,
            titleZh: v.titleZh || undefined,
            contentEn: v.contentEn,
            contentZh: v.contentZh || undefined,
            attachment: attachment(v),
            expiresInDays: v.expiresInDays,
          },
        })
      ).data!,
    onSent: (sent) => onSent(sent.id),
  });
  const preview = flow.seen;

  const usePrefab = (id: number | undefined) => {
    const p = prefabs.data?.find((x) => x.id === id);
    if (p) form.setFieldsValue({ titleEn: p.titleEn, titleZh: p.titleZh, contentEn: p.contentEn, contentZh: p.contentZh });
  };
  const whole = (min: number, max: number) => <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />;

  return (
    <Card title={t(`${S}compose`)} style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'uid', expiresInDays: 7, currency: 'chip', withAttachment: false }}
        onValuesChange={flow.clear}
      >
        <Form.Item name="kind" label={t(`${S}target`)}>
          <Radio.Group optionType="button" options={['uid', 'list', 'segment'].map((k) => ({ value: k, label: t(`${S}kinds.${k}`) }))} />
        </Form.Item>
        {kind === 'uid' && (
          <Form.Item name="uid" label="UID" rules={[{ required: true, message: t(`${L}required`) }]}>
            {whole(1, 2_147_483_647)}
          </Form.Item>
        )}
        {kind === 'list' && (
          <Form.Item name="uids" label={t(`${S}uidList`)} extra={t(`${S}uidListHelp`)} rules={[{ required: true, message: t(`${L}required`) }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
        )}
        {kind === 'segment' && (
          <Row gutter={8}>
            <Col xs={12} md={4}>
              <Form.Item name="vipMin" label={t(`${S}vipMin`)}>
                {whole(0, 100)}
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="vipMax" label={t(`${S}vipMax`)}>
                {whole(0, 100)}
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="partner" label={t(`${S}partner`)}>
                {whole(0, 2_147_483_647)}
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="inactiveDays" label={t(`${S}inactiveDays`)}>
                {whole(1, 3650)}
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="paying" label={t(`${S}paying`)}>
                <Select
                  allowClear
                  options={[
                    { value: 'yes', label: t(`${S}payingYes`) },
                    { value: 'no', label: t(`${S}payingNo`) },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item name="prefabId" label={t(`${S}prefab`)}>
          <Select allowClear onChange={usePrefab} options={(prefabs.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <MessageTexts zhRequired={false} sample={withAttachment && amount ? { amount: Math.round(amount * 100), currency } : undefined} />
        <Row gutter={8}>
          <Col xs={24} md={6}>
            <Form.Item name="withAttachment" label={t(`${S}attachment`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {withAttachment && (
            <>
              <Col xs={12} md={6}>
                <Form.Item name="currency" label={t(`${S}currencyField`)}>
                  <Select options={CURRENCY_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="amount" label={t(`${S}amount`)} rules={[{ required: true, message: t(`${L}required`) }]}>
                  <InputNumber min={0.01} max={10_000_000_000} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={12} md={6}>
            <Form.Item name="expiresInDays" label={t(`${S}expiresInDays`)} rules={[{ required: true, message: t(`${L}required`) }]}>
              {whole(1, 90)}
            </Form.Item>
          </Col>
        </Row>
        {preview && <ReachPreview reach={preview} prefix={S} testId="broadcast-preview" />}
        <Space wrap>
          <Button loading={flow.busy} onClick={() => void flow.preview()}>
            {t(`${S}preview`)}
          </Button>
          <Button type="primary" loading={flow.busy} onClick={() => void flow.send()}>
            {t(`${S}send`)}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

export default function BroadcastScreen() {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<number | null>(null);
  const decl = useMemo(() => sendsDeclaration((row) => setShown(row.id)), []);
  return (
    <>
      <Composer
        onSent={(id) => {
          setShown(id);
          void queryClient.invalidateQueries({ queryKey: ['kit-list', decl.name] });
        }}
      />
      <ListScreen decl={decl} />
      {shown !== null && (
        <SendProgressModal
          id={shown}
          onClose={() => {
            setShown(null);
            void queryClient.invalidateQueries({ queryKey: ['kit-list', decl.name] });
          }}
        />
      )}
    </>
  );
}
