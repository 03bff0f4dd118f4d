/** Batches and their lines as the API shows them (docs/api/issuing.md). */
import type { IssueBatch, IssueBatchLine } from '@console/schemas';
import type { Selectable } from 'kysely';
import type { IssueBatchLineTable, IssueBatchTable } from '../../db/schema';
import { isoInConsoleZone } from '../../http/time';

export function toIssueBatch(row: Selectable<IssueBatchTable>): IssueBatch {
  return {
    id: row.id,
    currency: row.currency,
    createdBy: row.created_by,
    createdAt: isoInConsoleZone(row.created_at),
    reason: row.reason,
    status: row.status,
    lines: row.lines,
    total: row.total,
    sentLines: row.sent_lines,
    sentAmount: row.sent_amount,
    failedLines: row.failed_lines,
    finishedAt: isoInConsoleZone(row.finished_at),
  };
}

export function toIssueBatchLine(row: Selectable<IssueBatchLineTable>): IssueBatchLine {
  return {
    lineNo: row.line_no,
    uid: row.uid,
    amount: row.amount,
    status: row.status,
    message: row.message,
    ledgerEntryId: row.ledger_entry_id === null ? null : row.ledger_entry_id,
  };
}
