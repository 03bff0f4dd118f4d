/**
 * What a package's app shows, from the server (GET /gamehomepage/packagename/preview: the very
 * answer of the platform call), as a player of one platform with some paid recharges.
 */
import { useState } from 'react';
import { Button, Drawer, Flex, Form, InputNumber, Result, Select, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LobbyView } from '@console/schemas';
import { request } from '../../shell/request';
import { API, L, toCentavos } from './common';
import { LobbyPhone } from './LobbyPhone';

const P = `${L}packagename.`;

export function LobbyPreview({ pkg, onClose }: { pkg: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<string>('');
  const [paid, setPaid] = useState<number | null>(null);
  const params = { package: pkg ?? '', platform: platform || undefined, paid: paid === null ? undefined : toCentavos(paid) };
  const preview = useQuery({
    queryKey: ['gamehomepage-preview', params],
    queryFn: async () => (await request<LobbyView>('GET', `${API}/packagename/preview`, { params })).data!,
    enabled: pkg !== null,
  });
  const platforms = [
    { value: '', label: t(`${P}anyPlatform`) },
    { value: 'android', label: t(`${L}platform.android`) },
    { value: 'ios', label: t(`${L}platform.ios`) },
    { value: 'web', label: t(`${L}platform.web`) },
  ];
  return (
    <Drawer open={pkg !== null} onClose={onClose} size={480} destroyOnHidden title={pkg ? t(`${P}previewTitle`, { package: pkg }) : ''}>
      <Form layout="vertical">
        <Flex gap={12}>
          <Form.Item label={t(`${P}asPlatform`)}>
            <Select style={{ width: 150 }} value={platform} options={platforms} onChange={setPlatform} aria-label={t(`${P}asPlatform`)} />
          </Form.Item>
          <Form.Item label={t(`${P}paid`)} help={t(`${P}paidHelp`)}>
            <InputNumber
              style={{ width: 170 }}
              min={0}
              precision={2}
              value={paid}
              onChange={(v) => setPaid(v === null ? null : Number(v))}
              aria-label={t(`${P}paid`)}
            />
          </Form.Item>
        </Flex>
      </Form>
      {preview.isError && (
        <Result status="error" title={t('kit.loadFailed')} extra={<Button onClick={() => void preview.refetch()}>{t('kit.retry')}</Button>} />
      )}
      {preview.isPending && !preview.isError && <Spin />}
      {preview.data && (
        <Flex vertical align="center" gap={8}>
          <LobbyPhone lobby={preview.data} />
          <Typography.Text type="secondary">{t(`${P}version`, { version: preview.data.version })}</Typography.Text>
        </Flex>
      )}
    </Drawer>
  );
}
