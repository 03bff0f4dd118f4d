/**
 * /agentmanager/preview: the agent tree. Agents a page at a time (filters uid, partner, name,
 * status; "Load more" asks the next page by cursor); a row expands into its direct invitees
 * (an agent's T1, a T1's invitees = the agent's T2, a sub-agent's own tree), again a page at a
 * time, each row expandable while it has invitees. Each page is one indexed query on the server
 * (docs/api/agentmanager.md), so a tree of any size opens at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CursorPageOf, TreeNode } from '@console/schemas';
import { UidLink } from '../../kit/UidLink';
import { formatDateTime, formatInt } from '../../lib/format';
import { request } from '../../shell/request';
import { API, L } from './common';

const PAGE = 20;
type Query = Record<string, string>;
interface Level {
  items: TreeNode[];
  next: string | null;
  loading: boolean;
  error: string | null;
}

function useLevel(url: string, query: Query) {
  const [level, setLevel] = useState<Level>({ items: [], next: null, loading: true, error: null });
  const key = JSON.stringify(query);
  const load = useCallback(
    async (cursor: string | null, keep: TreeNode[]) => {
      setLevel((l) => ({ ...l, loading: true, error: null }));
      try {
        const answer = await request<CursorPageOf<TreeNode>>('GET', url, {
          params: { ...JSON.parse(key), pageSize: PAGE, ...(cursor ? { cursor } : {}) },
          silent: true,
        });
        setLevel({ items: [...keep, ...answer.data!.items], next: answer.data!.nextCursor, loading: false, error: null });
      } catch (err) {
        setLevel((l) => ({ ...l, loading: false, error: (err as Error).message }));
      }
    },
    [url, key],
  );
  useEffect(() => {
    void load(null, []);
  }, [load]);
  return { ...level, more: () => void load(level.next, level.items), retry: () => void load(null, []) };
}

function Role({ node }: { node: TreeNode }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {node.agentStatus && (
        <Tag color={node.agentStatus === 'active' ? 'geekblue' : 'red'}>{t(node.agentStatus === 'active' ? `${L}tree.agent` : `${L}tree.suspended`)}</Tag>
      )}
      {node.wholesaler && <Tag color="gold">{t(`${L}tree.wholesaler`)}</Tag>}
      {!node.agentStatus && <Tag>{t(`${L}tree.player`)}</Tag>}
    </Space>
  );
}

function LevelTable({ url, query, depth }: { url: string; query: Query; depth: number }) {
  const { t } = useTranslation();
  const level = useLevel(url, query);
  const top = depth === 0;
  const columns: ColumnsType<TreeNode> = [
    { key: 'uid', dataIndex: 'uid', title: t(`${L}f.uid`), render: (v: number) => <UidLink uid={v} /> },
    { key: 'name', dataIndex: 'name', title: t(`${L}f.name`) },
    { key: 'role', title: t(`${L}tree.role`), render: (_: unknown, node) => <Role node={node} /> },
    { key: 'partner', dataIndex: 'partner', title: t(`${L}f.partner`) },
    { key: 'invitees', dataIndex: 'invitees', title: t(top ? `${L}tree.t1` : `${L}tree.invitees`), render: formatInt },
    ...(top
      ? [
          { key: 't2', dataIndex: 't2', title: t(`${L}tree.t2`), render: formatInt },
          { key: 'subAgents', dataIndex: 'subAgents', title: t(`${L}tree.subAgents`), render: formatInt },
        ]
      : []),
    { key: 'registeredAt', dataIndex: 'registeredAt', title: t(`${L}tree.registeredAt`), render: (v: string | null) => formatDateTime(v) },
  ];
  if (level.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={level.error}
        action={
          <Button size="small" onClick={level.retry}>
            {t('kit.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap={8} data-tree-depth={depth}>
      <Table<TreeNode>
        size={top ? 'middle' : 'small'}
        rowKey="uid"
        columns={columns}
        dataSource={level.items}
        loading={level.loading && level.items.length === 0}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t(top ? 'kit.empty' : `${L}tree.noInvitees`)} /> }}
        expandable={{
          rowExpandable: (node) => node.invitees > 0,
          expandedRowRender: (node) => (
            <div style={{ paddingLeft: 8 }}>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {t(depth === 0 ? `${L}tree.t1Of` : depth === 1 ? `${L}tree.t2Of` : `${L}tree.inviteesOf`, { uid: node.uid })}
              </Typography.Paragraph>
              <LevelTable url={`${API}/preview/invitees`} query={{ uid: String(node.uid) }} depth={depth + 1} />
            </div>
          ),
        }}
      />
      {level.next && (
        <Button onClick={level.more} loading={level.loading} style={{ alignSelf: 'flex-start' }}>
          {t(`${L}tree.more`)}
        </Button>
      )}
    </Flex>
  );
}

export default function AgentTree() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [query, setQuery] = useState<Query>({});
  const apply = (v: Record<string, string | undefined>) =>
    setQuery(
      Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== undefined && String(x).trim() !== '')
          .map(([k, x]) => [k, String(x).trim()]),
      ),
    );
  return (
    <Card title={t(`${L}title.preview`)}>
      <Flex vertical gap={12}>
        <Form form={form} layout="inline" onFinish={apply} name="agentmanager-tree">
          <Form.Item name="uid" label={t(`${L}f.uid`)} rules={[{ pattern: /^\d{1,10}$/, message: t(`${L}validation.uid`) }]}>
            <Input allowClear style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="partner" label={t(`${L}f.partner`)} rules={[{ pattern: /^\d{1,10}$/, message: t(`${L}validation.uid`) }]}>
            <Input allowClear style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="name" label={t(`${L}f.name`)}>
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="status" label={t(`${L}f.status`)}>
            <Select
              allowClear
              style={{ width: 130 }}
              options={[
                { value: 'active', label: t(`${L}tree.agent`) },
                { value: 'suspended', label: t(`${L}tree.suspended`) },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('kit.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setQuery({});
                }}
              >
                {t('kit.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <LevelTable key={JSON.stringify(query)} url={`${API}/preview`} query={query} depth={0} />
      </Flex>
    </Card>
  );
}
