/**
 * /messages/announcement: one package's announcements (§3 fields), scheduled and taken online
 * or offline (§4), the link http, https, mailto or tel (§5), previewed as the app shows it.
 */
import type { AnnouncementItem, ValueLabel } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen, useKitMutation, type ListDeclaration, type SelectOption } from '../../kit';
import { request } from '../../shell/request';
import { L, PhonePreview, useLivePreview } from './common';

const S = `${L}announcement.`;
const REPEATS = ['once', 'daily', 'login'];
const PHASES = ['offline', 'scheduled', 'live', 'ended'];
const PHASE_COLORS: Record<string, string> = { offline: 'default', scheduled: 'blue', live: 'green', ended: 'orange' };
const LINK = /^(https?:\/\/\S+|mailto:\S+|tel:[+0-9()\-. ]+)$/i;

function declaration(packages: SelectOption[], edit: (row: AnnouncementItem) => void): ListDeclaration<AnnouncementItem> {
  const status = (to: 'online' | 'offline') => ({
    key: to,
    label: `${S}${to}`,
    danger: to === 'offline',
    confirm: `${S}confirm_${to}`,
    visible: (row: AnnouncementItem) => row.status !== to,
    call: { method: 'POST' as const, url: '/messages/announcement/status', body: (row: AnnouncementItem | undefined) => ({ id: row!.id, status: to }) },
  });
  return {
    name: 'messages-announcement',
    title: `${S}title`,
    api: { url: '/messages/announcement', mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'select', name: 'package', label: `${S}package`, options: packages },
      { kind: 'text', name: 'title', label: `${S}titleField` },
      { kind: 'select', name: 'phase', label: `${S}phase`, options: PHASES.map((p) => ({ value: p, label: `${S}phases.${p}` })) },
      { kind: 'select', name: 'repeatType', label: `${S}repeatType`, options: REPEATS.map((r) => ({ value: r, label: `${S}repeats.${r}` })) },
      { kind: 'dateRange', name: 'beginAt', label: `${S}beginAt` },
    ],
    columns: [
      { key: 'id', title: 'ID', width: 70 },
      { key: 'package', title: `${S}package` },
      { key: 'title', title: `${S}titleField`, render: (v, row) => <a onClick={() => edit(row)}>{String(v)}</a>, text: (v) => String(v) },
      {
        key: 'phase',
        title: `${S}phase`,
        labels: Object.fromEntries(PHASES.map((p) => [p, `${S}phases.${p}`])),
        render: (v) => <PhaseTag phase={String(v)} />,
      },
      { key: 'beginAt', title: `${S}beginAt`, format: 'datetime', sortable: true },
      { key: 'endAt', title: `${S}endAt`, format: 'datetime', sortable: true },
      { key: 'repeatType', title: `${S}repeatType`, labels: Object.fromEntries(REPEATS.map((r) => [r, `${S}repeats.${r}`])) },
      { key: 'link', title: `${S}link` },
      { key: 'picture', title: `${S}picture`, hidden: true },
      { key: 'sortOrder', title: `${S}sortOrder`, format: 'int', sortable: true },
      { key: 'createdBy', title: `${L}createdBy`, hidden: true },
      { key: 'updatedAt', title: `${L}updatedAt`, format: 'datetime', sortable: true },
    ],
    actions: [status('online'), status('offline')],
  };
}

function PhaseTag({ phase }: { phase: string }) {
  const { t } = useTranslation();
  return <Tag color={PHASE_COLORS[phase]}>{t(`${S}phases.${phase}`)}</Tag>;
}

function AnnouncementEditor({ item, packages, onClose }: { item: AnnouncementItem | null; packages: SelectOption[]; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const saving = useKitMutation({
    call: (body: Record<string, unknown>) =>
      request('POST', item ? '/messages/announcement/update' : '/messages/announcement/create', { data: item ? { ...body, id: item.id } : body }),
    onSuccess: () => onClose(true),
  });
  const v = Form.useWatch([], form) as Record<string, any> | undefined;
  const preview = useLivePreview(v?.title ?? '', v?.content ?? '', 'en');
  const initial = item
    ? { ...item, range: [dayjs(item.beginAt), dayjs(item.endAt)] }
    : { repeatType: 'once', status: 'offline', sortOrder: 0, link: '', picture: '', range: [dayjs().startOf('hour'), dayjs().startOf('hour').add(7, 'day')] };
  const save = async () => {
    const f = await form.validateFields();
    await saving.run({
      package: f.package,
      title: f.title,
      content: f.content,
      beginAt: f.range[0].toISOString(),
      endAt: f.range[1].toISOString(),
      repeatType: f.repeatType,
      link: f.link ?? '',
      picture: f.picture ?? '',
      status: f.status,
      sortOrder: f.sortOrder ?? 0,
    });
  };
  const pattern = (re: RegExp, key: string) => ({
    validator: async (_: unknown, value: unknown) => {
      if (typeof value === 'string' && value !== '' && !re.test(value)) throw new Error(t(key));
    },
  });
  return (
    <Modal
      open
      width={960}
      title={t(item ? `${S}edit` : `${S}create`)}
      onCancel={() => onClose(false)}
      onOk={save}
      confirmLoading={saving.busy}
      destroyOnHidden
      okText={t(`${L}save`)}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="package" label={t(`${S}package`)} rules={[{ required: true, message: t(`${L}required`) }]}>
              <Select options={packages.map((p) => ({ value: p.value, label: p.label }))} />
            </Form.Item>
            <Form.Item name="title" label={t(`${S}titleField`)} rules={[{ required: true, message: t(`${L}required`) }, { max: 100 }]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="content"
              label={t(`${S}content`)}
              rules={[{ required: true, message: t(`${L}required`) }, { max: 20000 }]}
              extra={t(`${S}contentHelp`)}
            >
              <Input.TextArea rows={5} />
            </Form.Item>
            <Form.Item name="range" label={`${t(`${S}beginAt`)} – ${t(`${S}endAt`)}`} rules={[{ required: true, message: t(`${L}required`) }]}>
              <DatePicker.RangePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item name="repeatType" label={t(`${S}repeatType`)}>
                  <Select options={REPEATS.map((r) => ({ value: r, label: t(`${S}repeats.${r}`) }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="status" label={t(`${S}status`)}>
                  <Select options={['online', 'offline'].map((s) => ({ value: s, label: t(`${S}statuses.${s}`) }))} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="link" label={t(`${S}link`)} rules={[pattern(LINK, `${S}badLink`), { max: 512 }]} extra={t(`${S}linkHelp`)}>
              <Input placeholder="https://…" />
            </Form.Item>
            <Form.Item name="picture" label={t(`${S}picture`)} rules={[pattern(/^https?:\/\/\S+$/i, `${S}badPicture`), { max: 512 }]}>
              <Input placeholder="https://…" />
            </Form.Item>
            <Form.Item name="sortOrder" label={t(`${S}sortOrder`)}>
              <InputNumber min={0} max={1_000_000} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Typography.Text type="secondary">{t(`${S}asTheAppShowsIt`)}</Typography.Text>
            <PhonePreview
              title={preview.title}
              html={preview.content}
              testId="announcement-preview"
              footer={
                v?.link && LINK.test(v.link) ? (
                  <Typography.Paragraph style={{ marginTop: 8 }}>
                    <a href={v.link} target="_blank" rel="noopener noreferrer">
                      {t(`${S}openLink`)}
                    </a>
                  </Typography.Paragraph>
                ) : null
              }
            />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

export default function AnnouncementScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ item: AnnouncementItem | null } | null>(null);
  const packages = useQuery({
    queryKey: ['messages-announcement-packages'],
    queryFn: async () =>
      ((await request<ValueLabel[]>('GET', '/messages/announcement/packages')).data ?? []).map((p) => ({
        value: p.value,
        label: p.label,
        literal: true,
      })),
  });
  const options = useMemo(() => packages.data ?? [], [packages.data]);
  const decl = useMemo(() => declaration(options, (row) => setEditing({ item: row })), [options]);
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({ item: null })}>
        {t(`${S}create`)}
      </Button>
      <ListScreen decl={decl} />
      {editing && (
        <AnnouncementEditor
          item={editing.item}
          packages={options}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void queryClient.invalidateQueries({ queryKey: ['kit-list', decl.name] });
          }}
        />
      )}
    </>
  );
}
