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

export const listOperationLogQuery = z.strictObject({
  cursor: text(64).optional(),
  pageSize: queryInt(1, 500).optional(),
  username: text(64).optional(),
  operation: text(64).optional(),
  result: z.enum(OPERATION_RESULTS).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});
export type ListOperationLogQuery = z.infer<typeof listOperationLogQuery>;

export const operationLogAnswer = z.object({
  code: z.literal(200),
  data: z.object({ items: z.array(operationLogRecord), nextCursor: z.string().nullable() }),
});
