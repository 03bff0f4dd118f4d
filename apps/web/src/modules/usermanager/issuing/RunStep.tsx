/** Steps 3 and 4: the batch's progress (polled until done), then what was sent and why lines failed. */
import { useEffect, useState } from 'react';
import { Button, Progress, Result, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AnswerData, IssueBatch, IssueBatchLine, issueBatchLinePageAnswer } from '@console/schemas';
import { UidLink } from '../../../kit/UidLink';
import { request } from '../../../shell/request';
import { UID } from '../uid';
import { formatInt } from '../../../lib/format';
import { L, B, type SendKind } from './config';

/** How often the progress is asked for (ms). */
export const POLL_MS = 1_000;

export function useBatchProgress(kind: SendKind, initial: IssueBatch): IssueBatch {
  const [batch, setBatch] = useState(initial);
  useEffect(() => {
    if (batch.status === 'done') return undefined;
    const poll = async () => {
      try {
        const res = await request<IssueBatch>('GET', `${kind.sendApi}/progress`, { params: { id: batch.id }, silent: true });
        setBatch(res.data!);
      } catch {
        setBatch((b) => ({ ...b })); // try again at the next tick
      }
    };
    const timer = setTimeout(() => void poll(), POLL_MS);
    return () => clearTimeout(timer);
  }, [batch, kind]);
  return batch;
}

function FailedLines({ kind, batch }: { kind: SendKind; batch: IssueBatch }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<IssueBatchLine[] | null>(null);
  useEffect(() => {
    void request<AnswerData<typeof issueBatchLinePageAnswer>>('GET', `${kind.logsApi}/lines`, {
      params: { batchId: batch.id, status: 'failed', pageSize: 500 },
    }).then(
      (res) => setLines(res.data!.items),
      () => setLines([]),
    );
  }, [kind, batch.id]);
  return (
    <Table<IssueBatchLine>
      size="small"
      rowKey="lineNo"
      loading={lines === null}
      dataSource={lines ?? []}
      data-testid="failed-lines"
      title={() => t(`${L}failedLines`)}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      columns={[
        { key: 'lineNo', title: t(`${B}lineNo`), dataIndex: 'lineNo', width: 80 },
        { key: 'uid', title: t(UID), dataIndex: 'uid', render: (v: number) => <UidLink uid={v} /> },
        { key: 'amount', title: t(`${B}amount`), align: 'right', render: (_, l) => kind.amount(l.amount) },
        { key: 'message', title: t(`${B}message`), render: (_, l) => <Typography.Text type="danger">{l.message}</Typography.Text> },
      ]}
    />
  );
}

export function RunStep({ kind, batch: created, onNew, onDone }: { kind: SendKind; batch: IssueBatch; onNew: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const batch = useBatchProgress(kind, created);
  const finished = batch.status === 'done';
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);
  const done = batch.sentLines + batch.failedLines;
  const percent = batch.lines === 0 ? 100 : Math.floor((done * 100) / batch.lines);
  if (batch.status !== 'done') {
    return (
      <Space direction="vertical" style={{ maxWidth: 720, width: '100%' }} data-testid="batch-running">
        <Typography.Title level={5}>{t(`${L}running`, { id: batch.id })}</Typography.Title>
        <Progress percent={percent} status="active" />
        <Typography.Text>{t(`${L}progress`, { done: formatInt(done), lines: formatInt(batch.lines) })}</Typography.Text>
      </Space>
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="batch-done">
      <Result
        status={batch.failedLines === 0 ? 'success' : 'warning'}
        title={t(`${L}doneTitle`, { id: batch.id })}
        subTitle={t(`${L}doneSummary`, { sent: formatInt(batch.sentLines), amount: kind.amount(batch.sentAmount), failed: formatInt(batch.failedLines) })}
        extra={[
          <Button key="new" type="primary" onClick={onNew}>
            {t(`${L}newBatch`)}
          </Button>,
          <Link key="log" to={`${kind.logsRoute}?id=${batch.id}`}>
            {t(`${L}openLog`)}
          </Link>,
        ]}
      />
      {batch.failedLines > 0 && <FailedLines kind={kind} batch={batch} />}
    </Space>
  );
}
