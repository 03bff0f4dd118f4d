import { useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Result, Space, Table, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { alignOf, renderCell, valueAt } from '../cells';
import { FeedbackProvider } from '../feedback';
import type { ListDeclaration } from '../types';
import { RowActions } from './RowActions';
import { useActionRunner, useAllowedActions, actionLabel } from './useActionRunner';
import { DetailDrawer } from './DetailDrawer';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { PAGE_SIZES, readListState, writeListState, type ListState } from './state';
import { useListData } from './useListData';

/** A filtered, paged, sortable list rendered from a declaration (see kit/README.md). */
export function ListScreen<Row extends object>({ decl }: { decl: ListDeclaration<Row> }) {
  return (
    <FeedbackProvider>
      <ListView decl={decl} />
    </FeedbackProvider>
  );
}

function ListView<Row extends object>({ decl }: { decl: ListDeclaration<Row> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const state = readListState(search, decl);
  // Events build on the latest state asked for, not the one last rendered: a sort clicked
  // before the filter's navigation has rendered must keep that filter.
  const latest = useRef({ rendered: '', state });
  if (latest.current.rendered !== search.toString()) latest.current = { rendered: search.toString(), state };
  const setState = (change: (current: ListState) => ListState) => {
    const next = change(latest.current.state);
    latest.current = { ...latest.current, state: next };
    setSearch(writeListState(next, decl, new URLSearchParams(latest.current.rendered)));
  };
  const data = useListData(decl, state);
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  const { query } = data;
  const refetch = () => {
    void data.refetchAll();
  };

  const visible = decl.columns.filter((c) => !c.hidden);
  const columns: TableColumnsType<Row> = visible.map((c) => ({
    key: c.key,
    title: t(c.title),
    width: c.width,
    align: alignOf(c.format),
    sorter: c.sortable,
    sortOrder: c.sortable && state.sort === c.key ? (state.order ?? null) : null,
    sortDirections: ['ascend', 'descend'],
    render: (_: unknown, row: Row) => renderCell(c, row, t),
  }));
  const runner = useActionRunner<Row>(refetch);
  const rowActionsFor = useAllowedActions(decl.actions);
  const toolbarActions = useAllowedActions(decl.toolbar)();
  if (rowActionsFor().length || decl.detail) {
    columns.push({
      key: '__actions',
      title: t('kit.actions'),
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <RowActions row={row} actions={rowActionsFor(row)} onStart={runner.start} onDetail={decl.detail ? setDetailRow : undefined} />
      ),
    });
  }

  const toolbar = (
    <Space wrap>
      {toolbarActions.map((a, i) => (
        <Button key={a.key} type={i === 0 ? 'primary' : 'default'} danger={a.danger} loading={runner.busyKey === a.key} onClick={() => runner.start(a)}>
          {t(actionLabel(a, undefined))}
        </Button>
      ))}
      {decl.exportable !== false && <ExportButton decl={decl} state={state} columns={visible} />}
      <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label={t('kit.reload')} title={t('kit.reload')} />
    </Space>
  );

  return (
    <Flex vertical gap={12} className="kit-list">
      {decl.filters && decl.filters.length > 0 && (
        <Card size="small">
          <FilterBar filters={decl.filters} values={state.filters} onSubmit={(filters) => setState((s) => ({ ...s, filters, page: 1 }))} />
        </Card>
      )}
      <Card title={t(decl.title)} extra={toolbar} styles={{ header: { flexWrap: 'wrap', rowGap: 8, paddingBlock: 8 }, body: { padding: 16 } }}>
        {query.isError ? (
          <Result
            status="error"
            title={t('kit.loadFailed')}
            subTitle={query.error.message}
            extra={
              <Button type="primary" onClick={() => void query.refetch()}>
                {t('kit.retry')}
              </Button>
            }
          />
        ) : (
          <>
            <Table<Row>
              rowKey={(row) => String(valueAt(row, decl.rowKey))}
              columns={columns}
              dataSource={query.data?.items ?? []}
              loading={query.isFetching}
              size="middle"
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t(decl.emptyHint && Object.keys(state.filters).length === 0 ? decl.emptyHint : 'kit.empty')}
                  />
                ),
              }}
              onChange={(_p, _f, sorter, extra) => {
                if (extra.action !== 'sort') return;
                const s = Array.isArray(sorter) ? sorter[0] : sorter;
                const order = s?.order ?? undefined;
                setState((cur) => ({ ...cur, page: 1, sort: order ? String(s.columnKey) : undefined, order }));
              }}
              pagination={
                decl.api.mode === 'page'
                  ? {
                      current: state.page,
                      pageSize: state.pageSize,
                      total: query.data?.total ?? 0,
                      showSizeChanger: true,
                      pageSizeOptions: PAGE_SIZES.map(String),
                      showTotal: (total) => t('kit.total', { total }),
                      onChange: (page, pageSize) => setState((cur) => ({ ...cur, page: pageSize !== cur.pageSize ? 1 : page, pageSize })),
                    }
                  : false
              }
            />
            {decl.api.mode === 'cursor' && (
              <Flex justify="flex-end" align="center" gap={8} style={{ marginTop: 16 }}>
                <Button onClick={data.previous} disabled={!data.hasPrevious}>
                  {t('kit.previous')}
                </Button>
                <span>{t('kit.pageOf', { page: data.cursorPage })}</span>
                <Button onClick={data.next} disabled={!data.hasNext}>
                  {t('kit.next')}
                </Button>
              </Flex>
            )}
          </>
        )}
      </Card>
      {runner.element}
      {decl.detail && <DetailDrawer detail={decl.detail} row={detailRow} onClose={() => setDetailRow(null)} />}
    </Flex>
  );
}
