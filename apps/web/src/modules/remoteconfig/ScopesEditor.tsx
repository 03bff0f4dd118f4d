/**
 * What a platform application may call (contract "Platform API", Scopes; decision 042), edited on
 * /remoteconfig/application: each scope on or off, the wallet scopes with their currencies, the
 * largest single amount and the day total, the event types, the recharge channels, and the
 * signature version. Saved after a confirmation; the server checks everything again (a 400 names
 * the field) and keeps the change in the application's history. Every server applies it within a
 * second.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Flex, Form, InputNumber, Modal, Radio, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ANY,
  heldScopes,
  PLATFORM_EVENT_TYPES,
  PLATFORM_SCOPES,
  WALLET_CURRENCIES,
  WALLET_SCOPES,
  type AppScopes,
  type PlatformApplicationView,
  type PlatformScope,
  type WalletCurrency,
  type WalletLimit,
  type WalletScope,
} from '@console/schemas';
import { useKitMutation } from '../../kit/mutation';
import { formatDateTime } from '../../lib/format';
import { translateServerMessage } from '../../shell/server-messages';
import { request } from '../../shell/request';
import { L } from './common';

const S = `${L}application.scopes.`;
const API = '/remoteconfig/application/applications';
const FLAGS = ['rounds', 'recharge.orders', 'cashout', 'config.read'] as const;

/** One currency row of a wallet scope in the form. */
interface LimitRow {
  on: boolean;
  maxAmount: number | null;
  dayTotal: number | null;
}
interface FormShape {
  signatureVersion: 1 | 2;
  on: Partial<Record<PlatformScope, boolean>>;
  eventTypes: string[];
  channels: string[];
  unmatched: WalletCurrency[];
  limits: Record<WalletScope, Record<WalletCurrency, LimitRow>>;
}

const key = (scope: string) => scope.replace(/\./g, '_');

export function toForm(row: PlatformApplicationView): FormShape {
  const s = row.scopes;
  const limits = Object.fromEntries(
    WALLET_SCOPES.map((scope) => [
      scope,
      Object.fromEntries(
        WALLET_CURRENCIES.map((currency) => {
          const l = s[scope]?.limits.find((x) => x.currency === currency);
          return [currency, { on: !!l, maxAmount: l?.maxAmount ?? null, dayTotal: l?.dayTotal ?? null }];
        }),
      ),
    ]),
  ) as FormShape['limits'];
  return {
    signatureVersion: row.signatureVersion === 2 ? 2 : 1,
    on: Object.fromEntries(PLATFORM_SCOPES.map((scope) => [key(scope), s[scope] !== undefined])),
    eventTypes: s.events?.types ?? [],
    channels: s['recharge.callback']?.channels ?? [],
    unmatched: s['wallet.credit.unmatched']?.currencies ?? [],
    limits: Object.fromEntries(WALLET_SCOPES.map((scope) => [key(scope), limits[scope]])) as FormShape['limits'],
  };
}

export function fromForm(v: FormShape): AppScopes {
  const on = (scope: PlatformScope) => !!(v.on as Record<string, boolean>)[key(scope)];
  const scopes: AppScopes = {};
  if (on('events')) scopes.events = { types: v.eventTypes ?? [] };
  for (const flag of FLAGS) if (on(flag)) scopes[flag] = {};
  for (const scope of WALLET_SCOPES) {
    if (!on(scope)) continue;
    const rows = (v.limits as Record<string, Record<WalletCurrency, LimitRow>>)[key(scope)] ?? {};
    const limits: WalletLimit[] = WALLET_CURRENCIES.filter((c) => rows[c]?.on).map((currency) => ({
      currency,
      maxAmount: rows[currency].maxAmount ?? 0,
      dayTotal: rows[currency].dayTotal ?? null,
    }));
    scopes[scope] = { limits };
  }
  if (on('wallet.credit.unmatched')) scopes['wallet.credit.unmatched'] = { currencies: v.unmatched ?? [] };
  if (on('recharge.callback')) scopes['recharge.callback'] = { channels: v.channels ?? [] };
  return scopes;
}

/** The scopes a row holds, as tags (the table's column). */
export function ScopeTags({ row }: { row: PlatformApplicationView }) {
  const { t } = useTranslation();
  const held = heldScopes(row.scopes);
  if (held.length === 0) return <Typography.Text type="danger">{t(`${S}none`)}</Typography.Text>;
  return (
    <Flex wrap gap={4} style={{ maxWidth: 320 }}>
      {held.map((scope) => (
        <Tag key={scope} color={scope === 'wallet.credit.unmatched' ? 'orange' : undefined}>
          {scope}
        </Tag>
      ))}
      <Tag color={row.signatureVersion === 2 ? 'green' : 'gold'}>{t(`${S}signedV`, { version: row.signatureVersion })}</Tag>
    </Flex>
  );
}

/** The refused calls of a row, with the last refusal on hover. */
export function Refusals({ row }: { row: PlatformApplicationView }) {
  const { t } = useTranslation();
  if (row.refused === 0) return <>0</>;
  const last = row.lastRefusal;
  return (
    <Tooltip title={last ? t(`${S}lastRefusal`, { at: formatDateTime(last.at), message: last.message }) : undefined}>
      <Typography.Text type="warning" data-testid="app-refused">
        {row.refused}
      </Typography.Text>
    </Tooltip>
  );
}

const amountInput = (disabled: boolean, placeholder?: string) => (
  <InputNumber min={1} max={1_000_000_000_000} precision={0} disabled={disabled} placeholder={placeholder} style={{ width: 150 }} />
);

function WalletLimits({ scope }: { scope: WalletScope }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<FormShape>();
  const enabled = Form.useWatch(['on', key(scope)] as unknown as ['on'], form) as unknown as boolean | undefined;
  const rows = Form.useWatch(['limits', key(scope)] as unknown as ['limits'], form) as unknown as Record<WalletCurrency, LimitRow> | undefined;
  if (!enabled) return null;
  return (
    <Table<{ currency: WalletCurrency }>
      size="small"
      pagination={false}
      rowKey="currency"
      style={{ marginBottom: 12 }}
      dataSource={WALLET_CURRENCIES.map((currency) => ({ currency }))}
      columns={[
        {
          title: t(`${S}currency`),
          dataIndex: 'currency',
          render: (c: WalletCurrency) => (
            <Form.Item name={['limits', key(scope), c, 'on']} valuePropName="checked" noStyle>
              <Checkbox>{c}</Checkbox>
            </Form.Item>
          ),
        },
        {
          title: t(`${S}maxAmount`),
          render: (_, { currency }) => (
            <Form.Item
              name={['limits', key(scope), currency, 'maxAmount']}
              noStyle={!rows?.[currency]?.on}
              style={{ margin: 0 }}
              rules={rows?.[currency]?.on ? [{ required: true, message: t(`${S}maxRequired`) }] : []}
            >
              {amountInput(!rows?.[currency]?.on)}
            </Form.Item>
          ),
        },
        {
          title: t(`${S}dayTotal`),
          render: (_, { currency }) => (
            <Form.Item name={['limits', key(scope), currency, 'dayTotal']} noStyle>
              {amountInput(!rows?.[currency]?.on, t(`${S}noDayTotal`))}
            </Form.Item>
          ),
        },
      ]}
    />
  );
}

/** The row's "Scopes" button and its editor. */
export function EditScopesButton({ row }: { row: PlatformApplicationView }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [open, setOpen] = useState(false);
  // a refusal stays in the editor (the call is silent), worded for the reader
  const saving = useKitMutation({
    call: (data: { appId: string; scopes: AppScopes; signatureVersion: FormShape['signatureVersion'] }) =>
      request('POST', `${API}/scopes`, { data, silent: true }),
    success: `${S}saved`,
    invalidates: [[]],
    onSuccess: () => setOpen(false),
  });
  const error = saving.error === null ? null : translateServerMessage(saving.error, t);
  const [form] = Form.useForm<FormShape>();
  const on = Form.useWatch('on', form) as Record<string, boolean> | undefined;

  const save = async () => {
    const values = await form.validateFields();
    const scopes = fromForm(values);
    modal.confirm({
      title: t(`${S}confirmTitle`, { appId: row.appId }),
      content: heldScopes(scopes).join(', ') || t(`${S}none`),
      // the dialog shows its busy OK button until the call and the refresh settle
      onOk: () => saving.run({ appId: row.appId, scopes, signatureVersion: values.signatureVersion }),
    });
  };

  const check = (scope: PlatformScope) => (
    <Form.Item name={['on', key(scope)]} valuePropName="checked" noStyle>
      <Checkbox data-testid={`scope-${scope}`}>{scope}</Checkbox>
    </Form.Item>
  );
  const help = (scope: PlatformScope) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t(`${S}help.${key(scope)}`)}
    </Typography.Text>
  );

  return (
    <>
      <Button
        size="small"
        data-testid="edit-scopes"
        onClick={(e) => {
          e.stopPropagation();
          form.setFieldsValue(toForm(row));
          saving.reset();
          setOpen(true);
        }}
      >
        {t(`${S}edit`)}
      </Button>
      <Modal
        open={open}
        title={t(`${S}title`, { appId: row.appId })}
        width={760}
        okText={t(`${S}save`)}
        confirmLoading={saving.busy}
        onOk={() => void save()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        forceRender
      >
        <Form<FormShape> form={form} layout="vertical" className="scopes-editor">
          <Form.Item name="signatureVersion" label={t(`${S}signature`)} extra={t(`${S}signatureHelp`)}>
            <Radio.Group
              options={[
                { value: 1, label: t(`${S}v1`) },
                { value: 2, label: t(`${S}v2`) },
              ]}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t(`${S}units`)}</Typography.Paragraph>
          <Space direction="vertical" style={{ width: '100%' }} size={10}>
            <div>
              {check('events')} {help('events')}
            </div>
            {on?.events && (
              <Form.Item name="eventTypes" rules={[{ required: true, message: t(`${S}typesRequired`) }]} style={{ marginBottom: 0 }}>
                <Select
                  mode="tags"
                  placeholder={t(`${S}types`)}
                  options={[ANY, ...PLATFORM_EVENT_TYPES].map((v) => ({ value: v, label: v === ANY ? t(`${S}anyType`) : v }))}
                />
              </Form.Item>
            )}
            {FLAGS.map((flag) => (
              <div key={flag}>
                {check(flag)} {help(flag)}
              </div>
            ))}
            {WALLET_SCOPES.map((scope) => (
              <div key={scope}>
                <div>
                  {check(scope)} {help(scope)}
                </div>
                <WalletLimits scope={scope} />
              </div>
            ))}
            <div>
              {check('wallet.credit.unmatched')} {help('wallet.credit.unmatched')}
            </div>
            {on?.[key('wallet.credit.unmatched')] && (
              <Form.Item name="unmatched" rules={[{ required: true, message: t(`${S}currencyRequired`) }]} style={{ marginBottom: 0 }}>
                <Checkbox.Group options={WALLET_CURRENCIES.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
            )}
            <div>
              {check('recharge.callback')} {help('recharge.callback')}
            </div>
            {on?.[key('recharge.callback')] && (
              <Form.Item name="channels" rules={[{ required: true, message: t(`${S}channelsRequired`) }]} style={{ marginBottom: 0 }}>
                <Select mode="tags" placeholder={t(`${S}channels`)} options={[{ value: ANY, label: t(`${S}anyChannel`) }]} />
              </Form.Item>
            )}
          </Space>
          {error && (
            <Typography.Paragraph type="danger" style={{ marginTop: 12 }} data-testid="scopes-error">
              {error}
            </Typography.Paragraph>
          )}
        </Form>
      </Modal>
    </>
  );
}
