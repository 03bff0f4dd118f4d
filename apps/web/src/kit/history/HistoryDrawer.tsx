import { useState } from 'react';
import { Button, Drawer, Flex, Modal, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageOf } from '@console/schemas';
import { formatDateTime } from '../../lib/format';
import { request } from '../../shell/request';
import { confirmAsync, useFeedback } from '../feedback';
import type { HistoryDeclaration, Version } from './types';
import { VersionDiff } from './VersionDiff';

const PAGE_SIZE = 20;

/** `restore:12` → "Restored #12"; other actions by their label. */
export function ActionTag({ action }: { action: string }) {
  const { t } = useTranslation();
  const restored = /^restore:(\d+)$/.exec(action);
  const label = restored ? t('history.action.restore', { id: restored[1] }) : t(`history.action.${action}`, { defaultValue: action });
  const color =
    action === 'delete' ? 'red' : action === 'create' || action === 'seed' ? 'green' : restored ? 'blue' : action === 'autoClose' ? 'orange' : undefined;
  return <Tag color={color}>{label}</Tag>;
}

interface Comparing {
  title: string;
  before: unknown;
  after: unknown;
  left: string;
  right: string;
}

/**
 * The versions of one configuration screen (or of one item when `itemKey` is set), newest
 * first: each version's changes, a compare of any two, and a confirmed restore.
 */
export function HistoryDrawer({
  history,
  itemKey,
  open,
  onClose,
}: {
  history: HistoryDeclaration;
  itemKey: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Version[]>([]);
  const [comparing, setComparing] = useState<Comparing | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restorable = history.restorable !== false;

  const versions = useQuery({
    queryKey: ['kit-history', history.url, itemKey, page],
    queryFn: async () =>
      (
        await request<PageOf<Version>>('GET', history.url, {
          params: { page, pageSize: PAGE_SIZE, ...(itemKey !== null ? { key: itemKey } : {}) },
          silent: true,
        })
      ).data!,
    enabled: open,
    retry: false,
  });

  const keyText = (key: string) => (history.keyLabel ? history.keyLabel(key) : key) || t('history.wholeScreen');
  const showChanges = (v: Version) =>
    setComparing({
      title: t('history.changesOf', { id: v.id }),
      before: v.before,
      after: v.after,
      left: t('history.before'),
      right: t('history.after'),
    });
  function compareSelected() {
    const [older, newer] = [...selected].sort((a, b) => a.id - b.id);
    setComparing({
      title: t('history.compareTitle', { a: older.id, b: newer.id }),
      before: older.after,
      after: newer.after,
      left: `#${older.id}`,
      right: `#${newer.id}`,
    });
  }
  async function restore(v: Version) {
    const ok = await confirmAsync(
      modal,
      t('kit.confirmTitle'),
      t('history.confirmRestore', { id: v.id, key: keyText(v.key) }),
      { ok: t('kit.ok'), cancel: t('kit.cancel') },
      true,
    );
    if (!ok) {
      message.info(t('kit.operationCancelled'));
      return;
    }
    setRestoring(v.id);
    try {
      await request('POST', `${history.url}/restore`, { data: { id: v.id }, silent: true });
      message.success(t('kit.operationSuccess'));
      setSelected([]);
      // the screen's list or form and this history both changed
      await queryClient.invalidateQueries();
    } catch (err) {
      message.error((err as Error).message || t('kit.operationFailed'));
    } finally {
      setRestoring(null);
    }
  }

  const columns: TableColumnsType<Version> = [
    { key: 'id', title: '#', dataIndex: 'id', width: 70 },
    { key: 'at', title: t('history.at'), dataIndex: 'at', render: (v: string) => formatDateTime(v) },
    { key: 'actor', title: t('history.actor'), dataIndex: 'actor' },
    { key: 'action', title: t('history.actionTitle'), dataIndex: 'action', render: (a: string) => <ActionTag action={a} /> },
    ...(itemKey === null ? [{ key: 'key', title: t('history.item'), dataIndex: 'key', render: (k: string) => keyText(k) }] : []),
    {
      key: 'ops',
      title: t('kit.actions'),
      render: (_: unknown, v: Version) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => showChanges(v)}>
            {t('history.changes')}
          </Button>
          {restorable && (
            <Button type="link" size="small" danger loading={restoring === v.id} onClick={() => void restore(v)}>
              {t('history.restore')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={itemKey === null ? t('history.title') : t('history.titleOf', { key: keyText(itemKey) })}
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{t(restorable ? 'history.hint' : 'history.hintReadOnly')}</Typography.Text>
          <Button disabled={selected.length !== 2} onClick={compareSelected}>
            {t('history.compare')}
          </Button>
        </Flex>
        {versions.isError ? (
          <Result
            status="error"
            title={t('kit.loadFailed')}
            subTitle={versions.error.message}
            extra={
              <Button type="primary" onClick={() => void versions.refetch()}>
                {t('kit.retry')}
              </Button>
            }
          />
        ) : (
          <Table<Version>
            rowKey="id"
            size="small"
            columns={columns}
            loading={versions.isFetching}
            dataSource={versions.data?.items ?? []}
            locale={{ emptyText: t('history.empty') }}
            rowSelection={{
              selectedRowKeys: selected.map((v) => v.id),
              onChange: (_keys, rows) => setSelected(rows.slice(-2)),
              getTitleCheckboxProps: () => ({ style: { display: 'none' } }),
            }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: versions.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            scroll={{ x: true }}
          />
        )}
      </Flex>
      <Modal open={comparing !== null} onCancel={() => setComparing(null)} footer={null} width={720} title={comparing?.title}>
        {comparing && (
          <VersionDiff
            before={comparing.before}
            after={comparing.after}
            left={comparing.left}
            right={comparing.right}
            fieldLabel={history.fieldLabel}
            formatValue={history.formatValue}
          />
        )}
      </Modal>
    </Drawer>
  );
}
