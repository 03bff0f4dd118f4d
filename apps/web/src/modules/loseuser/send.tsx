/**
 * /loseuser/send (retrieval details): compose a campaign to players inactive for N days (with
 * partner, VIP, paying and last-login filters), a message and a chip reward; preview the count,
 * confirm, send (the roles of /loseuser/sendcampaign); below, the campaigns with their
 * outcomes. `?campaign=<id>` shows one campaign's players and their outcome instead (keyset,
 * export): one list on the screen at a time, so their URL states never mix.
 */
import type { CampaignItem, CampaignPlayerItem, CampaignPreview, PageOf } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Flex, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ListScreen, usePreviewSend, type ListDeclaration } from '../../kit';
import { dayEnd, dayStart, formatMoney, formatPercent, formatRoundUp2 } from '../../lib/format';
import { Permission } from '../../shell/Permission';
import { request } from '../../shell/request';
import { campaignsDecl, L, SEND_ROLES } from './common';
import { ReachPreview, segmentOf } from '../messages/audience';

const OUTCOMES = ['reached', 'returned', 'paid'] as const;
const OUTCOME_LABELS = { reached: `${L}outcomes.reached`, returned: `${L}outcomes.returned`, paid: `${L}outcomes.paid` };

function playersDecl(campaign: number): ListDeclaration<CampaignPlayerItem> {
  return {
    name: `loseuser-campaign-${campaign}`,
    title: `${L}players`,
    api: { url: '/loseuser/campaigns/players', mode: 'cursor', export: true, params: { campaign } },
    rowKey: 'uid',
    filters: [
      { kind: 'select', name: 'outcome', label: `${L}outcome`, options: OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] })) },
      { kind: 'text', name: 'uid', label: 'UID' },
      { kind: 'number', name: 'vip', label: `${L}vip` },
      { kind: 'number', name: 'partner', label: `${L}partner` },
    ],
    columns: [
      { key: 'uid', title: 'UID', format: 'uid', sortable: true },
      { key: 'outcome', title: `${L}outcome`, labels: OUTCOME_LABELS },
      { key: 'partner', title: `${L}partner`, format: 'int' },
      { key: 'vip', title: `${L}vip`, format: 'int' },
      { key: 'lastLoginAt', title: `${L}lastLoginBefore`, format: 'datetime', sortable: true },
      { key: 'reachedAt', title: `${L}reachedAt`, format: 'datetime' },
      { key: 'claimedAt', title: `${L}claimedAt`, format: 'datetime' },
      { key: 'returnedAt', title: `${L}returnedAt`, format: 'datetime', sortable: true },
      { key: 'paidAt', title: `${L}paidAt`, format: 'datetime' },
      { key: 'recharges', title: `${L}recharges`, format: 'int' },
      { key: 'recharge', title: `${L}recharge`, format: 'money', sortable: true },
    ],
  };
}

function CampaignPlayers({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const campaign = useQuery({
    queryKey: ['loseuser-campaign', id],
    queryFn: async () => (await request<PageOf<CampaignItem>>('GET', '/loseuser/campaigns', { params: { id } })).data?.items[0] ?? null,
  });
  const c = campaign.data;
  const decl = useMemo(() => playersDecl(id), [id]);
  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={c ? `#${c.id} ${c.name}` : `#${id}`}
        extra={
          <Button onClick={onBack} data-testid="back-to-campaigns">
            {t(`${L}back`)}
          </Button>
        }
      >
        {c && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'seg', label: t(`${L}segment`), children: c.segment },
              { key: 'reward', label: t(`${L}reward`), children: c.reward ? formatMoney(c.reward) : t(`${L}noReward`) },
              { key: 'reached', label: t(`${L}reached`), children: `${c.reached} / ${c.planned}` },
              {
                key: 'returned',
                label: t(`${L}returned`),
                children: (
                  <span data-testid="campaign-returned">
                    {c.returned} ({formatPercent(c.returnRate)})
                  </span>
                ),
              },
              { key: 'paid', label: t(`${L}paid`), children: c.paid },
              { key: 'cost', label: t(`${L}rewardCost`), children: formatMoney(c.rewardCost) },
              { key: 'recharge', label: t(`${L}recharge`), children: formatMoney(c.recharge) },
              { key: 'roc', label: t(`${L}returnOnCost`), children: c.returnOnCost === null ? '-' : `${formatRoundUp2(c.returnOnCost)}×` },
            ]}
          />
        )}
        {campaign.isError && <Alert type="error" message={t('kit.loadFailed')} />}
      </Card>
      <ListScreen decl={decl} />
    </Flex>
  );
}

type Values = Record<string, any>;

function Composer({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();

  const segment = (v: Values) => {
    // inactiveDays is required here: the campaign is for players away that long
    const s: Record<string, unknown> = { ...segmentOf(v), inactiveDays: v.inactiveDays };
    const range = v.lastLogin as [Dayjs, Dayjs] | undefined;
    if (range?.[0]) s.lastLoginFrom = dayStart(range[0]);
    if (range?.[1]) s.lastLoginTo = dayEnd(range[1]);
    return s;
  };
  const reward = (v: Values) => (v.reward ? Math.round(v.reward * 100) : undefined);

  const flow = usePreviewSend({
    preview: async () => {
      const v = { ...form.getFieldsValue(true), ...(await form.validateFields(['inactiveDays', 'vipMin', 'vipMax', 'partner', 'reward'])) };
      return (await request<CampaignPreview>('POST', '/loseuser/campaigns/preview', { data: { segment: segment(v), reward: reward(v) } })).data!;
    },
    values: () => form.validateFields() as Promise<Values>,
    // a campaign without a reward is a message only: no cost to confirm
    confirm: (seen) =>
      seen.exposure > 0
        ? t(`${L}confirmSend`, { count: seen.players, amount: formatMoney(seen.exposure) })
        : t(`${L}confirmSendMessageOnly`, { count: seen.players }),
    send: (v) =>
      request('POST', '/loseuser/campaigns/send', {
        data: {
          name: v.name,
          segment: segment(v),
          titleEn: v.titleEn,
          titleZh: v.titleZh || undefined,
          contentEn: v.contentEn,
          contentZh: v.contentZh || undefined,
          reward: reward(v),
          expiresInDays: v.expiresInDays,
        },
      }),
    onSent: () => {
      form.resetFields();
      onSent();
    },
  });
  const preview = flow.seen;

  const whole = (min: number, max: number, testId?: string) => <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} data-testid={testId} />;
  const required = [{ required: true, message: t(`${L}required`) }];
  return (
    <Card title={t(`${L}compose`)} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" initialValues={{ inactiveDays: 7, expiresInDays: 7 }} onValuesChange={flow.clear}>
        <Row gutter={8}>
          <Col xs={24} md={8}>
            <Form.Item name="name" label={t(`${L}name`)} rules={[...required, { max: 100 }]}>
              <Input data-testid="campaign-name" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="inactiveDays" label={t(`${L}inactiveDays`)} rules={required}>
              {whole(1, 3650, 'inactive-days')}
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="partner" label={t(`${L}partner`)}>
              {whole(0, 2_147_483_647)}
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="vipMin" label={t(`${L}vipMin`)}>
              {whole(0, 100)}
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="vipMax" label={t(`${L}vipMax`)}>
              {whole(0, 100)}
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="paying" label={t(`${L}paying`)}>
              <Select
                allowClear
                options={[
                  { value: 'yes', label: t(`${L}payingYes`) },
                  { value: 'no', label: t(`${L}payingNo`) },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="lastLogin" label={t(`${L}lastLoginRange`)}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={8}>
          <Col xs={24} md={12}>
            <Form.Item name="titleEn" label={t(`${L}titleEn`)} rules={[...required, { max: 100 }]}>
              <Input data-testid="campaign-title" />
            </Form.Item>
            <Form.Item name="contentEn" label={t(`${L}contentEn`)} rules={[...required, { max: 20000 }]} extra={t(`${L}variablesHelp`)}>
              <Input.TextArea rows={3} data-testid="campaign-content" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="titleZh" label={t(`${L}titleZh`)} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="contentZh" label={t(`${L}contentZh`)} rules={[{ max: 20000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={8}>
          <Col xs={12} md={6}>
            <Form.Item name="reward" label={t(`${L}rewardPesos`)} extra={t(`${L}rewardHelp`)}>
              <InputNumber min={0} max={100_000} precision={2} style={{ width: '100%' }} data-testid="campaign-reward" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="expiresInDays" label={t(`${L}expiresInDays`)} rules={required}>
              {whole(1, 90)}
            </Form.Item>
          </Col>
        </Row>
        {preview && <ReachPreview reach={preview} prefix={L} testId="campaign-preview" />}
        <Space wrap>
          <Button loading={flow.busy} onClick={() => void flow.preview()} data-testid="campaign-preview-button">
            {t(`${L}preview`)}
          </Button>
          <Button type="primary" loading={flow.busy} onClick={() => void flow.send()} data-testid="campaign-send">
            {t(`${L}send`)}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

export default function SendScreen() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const campaign = Number(search.get('campaign'));
  const open = (row: CampaignItem) => setSearch(new URLSearchParams({ campaign: String(row.id) }));
  const decl = useMemo(() => campaignsDecl('loseuser-campaigns', { filters: true, open }), []); // eslint-disable-line react-hooks/exhaustive-deps
  if (Number.isSafeInteger(campaign) && campaign > 0) return <CampaignPlayers id={campaign} onBack={() => setSearch(new URLSearchParams())} />;
  return (
    <>
      <Permission roles={SEND_ROLES}>
        <Composer onSent={() => void queryClient.invalidateQueries({ queryKey: ['kit-list', decl.name] })} />
      </Permission>
      <ListScreen decl={decl} />
    </>
  );
}
