import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { fetchHistory, playerKey, type HistoryPart } from './api';

const L = 'usermanager.player.';

/**
 * One of a player's histories, newest first: the first keyset page, then a "More" button
 * that appends the next one (no page numbers and no total: the server never counts them).
 */
export function HistoryTable<T extends { id: number }>({
  part,
  uid,
  columns,
  params = {},
}: {
  part: HistoryPart;
  uid: number;
  columns: ColumnsType<T>;
  params?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: [...playerKey(uid), part, params],
    queryFn: ({ pageParam }) => fetchHistory<T>(part, uid, pageParam, params),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t(`${L}loadFailed`)}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t(`${L}retry`)}
          </Button>
        }
      />
    );
  }
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Flex vertical gap={8} data-testid={`player-${part}`}>
      <Table<T>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t(`${L}empty`) }}
      />
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t(`${L}more`)}
        </Button>
      ) : (
        rows.length > 0 && <Typography.Text type="secondary">{t(`${L}end`)}</Typography.Text>
      )}
    </Flex>
  );
}
