import { useRef, useState } from 'react';
import { Button, Modal, Progress } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback';
import type { ColumnDeclaration, ListDeclaration } from '../types';
import { buildCsv, csvFileName, downloadText, EXPORT_ROW_CAP, fetchAllRows } from './exportCsv';
import { exportUrl, runServerExport } from './serverExport';
import type { ListState } from './state';

interface Props<Row> {
  decl: ListDeclaration<Row>;
  state: ListState;
  columns: ColumnDeclaration<Row>[];
}

/** What the dialog shows: rows of a known total (client, page mode), rows so far, or rows and bytes streamed. */
interface Shown {
  rows: number;
  total: number | null;
  bytes?: number;
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * Exports the whole filtered set as CSV, with a progress dialog that can cancel: streamed
 * from the server when the declaration has `api.export` (serverExport.ts), else fetched
 * page by page and joined here (exportCsv.ts, capped).
 */
export function ExportButton<Row>({ decl, state, columns }: Props<Row>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [progress, setProgress] = useState<Shown | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ rows: 0, total: null, ...(exportUrl(decl) ? { bytes: 0 } : {}) });
    try {
      if (exportUrl(decl)) {
        const done = await runServerExport(decl, state, columns, t, (p) => setProgress({ ...p, total: null }), controller.signal);
        message.success(t('kit.export.done', { rows: done.rows }));
        return;
      }
      const { rows, capped } = await fetchAllRows(decl, state, setProgress, controller.signal);
      if (controller.signal.aborted) return;
      downloadText(buildCsv(columns, rows, t), csvFileName(decl.name));
      if (capped) message.warning(t('kit.export.capped', { cap: EXPORT_ROW_CAP.toLocaleString('en') }), 8);
      else message.success(t('kit.export.done', { rows: rows.length }));
    } catch (err) {
      if (controller.signal.aborted) message.info(t('kit.operationCancelled'));
      else message.error(t('kit.export.failed', { message: (err as Error).message }));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  const percent = progress?.total ? Math.floor((progress.rows / progress.total) * 100) : undefined;
  const status = !progress
    ? ''
    : progress.bytes !== undefined
      ? t('kit.export.progressStream', { rows: progress.rows, size: size(progress.bytes) })
      : progress.total !== null
        ? t('kit.export.progress', { rows: progress.rows, total: progress.total })
        : t('kit.export.progressCursor', { rows: progress.rows });
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={start} loading={progress !== null}>
        {t('kit.export.button')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('kit.export.title')}
        closable={false}
        mask={{ closable: false }}
        okButtonProps={{ style: { display: 'none' } }}
        cancelText={t('kit.cancel')}
        onCancel={() => abort.current?.abort()}
      >
        {progress && (
          <div role="status">
            <Progress percent={percent ?? 0} status="active" showInfo={percent !== undefined} />
            <div>{status}</div>
          </div>
        )}
      </Modal>
    </>
  );
}
