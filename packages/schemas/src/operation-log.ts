/** The operation log (docs/api/accounts.md): the /adminmanager/adminlogs screen. */
import { z } from 'zod';
import { isoDateTime, queryInt, text } from './text';

export const OPERATION_RESULTS = ['ok', 'refused', 'failed'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

export const operationLogRecord = z.object({
  id: z.number().int(),
  at: z.string(),
  username: z.string(),
  partner: z.number().int(),
  operation: z.string(),
  target: z.string(),
  result: z.enum(OPERATION_RESULTS),
  status: z.number().int(),
  message: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string(),
  hash: z.string(),
});
export type OperationLogRecord = z.infer<typeof operationLogRecord>;

/**
 * Two forms (docs/api/accounts.md). Without `cursor`: page mode, `page`/`pageSize`, answer
 * `{items, total}`. With `cursor` (the empty string asks for the first step, then each
 * answer's `nextCursor`): cursor mode, answer `{items, nextCursor}`; `page` is refused there.
 */
export const listOperationLogQuery = z
  .strictObject({
    page: queryInt(1, 1_000_000).optional().describe('Page mode: page number, default 1 (not with cursor)'),
    pageSize: queryInt(1, 500).optional().describe('Default 20 in page mode, 50 in cursor mode'),
    cursor: text(64)
      .regex(/^[\w-]*$/, { message: 'Invalid cursor' })
      .optional()
      .describe("Cursor mode: empty for the first step, then the previous answer's nextCursor"),
    username: text(64).optional(),
    operation: text(64).optional().describe('Operation name prefix'),
    result: z.enum(OPERATION_RESULTS).optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.page !== undefined && q.cursor !== undefined) ctx.addIssue({ code: 'custom', path: ['page'], message: 'Not allowed with cursor' });
  });
export type ListOperationLogQuery = z.infer<typeof listOperationLogQuery>;

/** Page mode: one page, newest first, and how many records match the filters. */
export const operationLogPage = z.object({ items: z.array(operationLogRecord), total: z.number().int() });
/** Cursor mode: one step, newest first; `nextCursor` null at the end. */
export const operationLogCursorPage = z.object({ items: z.array(operationLogRecord), nextCursor: z.string().nullable() });

export const operationLogAnswer = z.object({
  code: z.literal(200),
  data: z.union([operationLogPage, operationLogCursorPage]),
});
