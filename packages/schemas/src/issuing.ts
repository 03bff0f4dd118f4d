/**
 * Staff issuing (docs/api/issuing.md): batch send of chips (/usermanager/batchsendgold) and of
 * cash (/usermanager/batchsendcash, the withdrawable balance in centavos), their logs, and the
 * daily issue limits of the §6 permission groups.
 *
 * The lines of a batch travel as the text the operator pasted or uploaded (one `uid,amount`
 * a line); `parseBatchText` reads it the same way in the browser (instant feedback) and on
 * the server (the authority), each problem with its line number.
 */
import { z } from 'zod';
import { queryInt, text } from './text';

/** Most lines a batch may hold. */
export const MAX_BATCH_LINES = 20_000;
/** Largest amount of one line (and of a daily limit), in the smallest unit. */
export const ISSUE_MAX_AMOUNT = 1_000_000_000_000;
/** Characters of a batch's text (20 000 lines of a 10-digit uid and a 13-digit amount fit). */
export const MAX_BATCH_TEXT = 600_000;
const ISSUE_MAX_UID = 2_147_483_647;

export const ISSUE_CURRENCIES = ['chip', 'withdrawable'] as const;
export type IssueCurrencyName = (typeof ISSUE_CURRENCIES)[number];

/** §6 permission groups (the server maps roles to them in domains/issuing/limits.ts). */
export const PERMISSION_GROUP_NAMES = [
  'Admin',
  'Second Admin',
  'Operation',
  'Customers Service',
  'Sales',
  'Delivery',
  'Chief Ground Promoter',
  'Province Promoter',
  'Customer Service Leader',
  'Maint',
  'Partner',
] as const;

// ---------------------------------------------------------------- lines

/** What can be wrong with a line; `message` is the English wording, the web app translates by code. */
export type BatchLineErrorCode =
  'fields' | 'uidWhole' | 'uidRange' | 'amountWhole' | 'amountMin' | 'amountMax' | 'duplicate' | 'unknownUid' | 'noLines' | 'tooMany';

export interface BatchLineError {
  /** 1-based line of the text; 0 for the text as a whole (no lines, too many). */
  line: number;
  code: BatchLineErrorCode;
  message: string;
  /** duplicate: the line the uid first appeared on. */
  firstLine?: number;
}

export interface BatchLine {
  line: number;
  uid: number;
  amount: number;
}

export interface ParsedBatch {
  lines: BatchLine[];
  errors: BatchLineError[];
}

const MESSAGES: Record<BatchLineErrorCode, string> = {
  fields: 'expected uid,amount',
  uidWhole: 'uid must be a whole number',
  uidRange: `uid must be from 1 to ${ISSUE_MAX_UID}`,
  amountWhole: 'amount must be a whole number',
  amountMin: 'amount must be at least 1',
  amountMax: `amount must be at most ${ISSUE_MAX_AMOUNT}`,
  duplicate: 'uid is already on line {firstLine}',
  unknownUid: 'no player with this uid',
  noLines: 'No lines',
  tooMany: `Over ${MAX_BATCH_LINES} lines`,
};

export function lineError(line: number, code: BatchLineErrorCode, firstLine?: number): BatchLineError {
  const message = MESSAGES[code].replace('{firstLine}', String(firstLine));
  return firstLine === undefined ? { line, code, message } : { line, code, message, firstLine };
}

/** 'Line 7: amount must be a whole number' (line 0: the message alone). */
export const describeLineError = (e: BatchLineError) => (e.line > 0 ? `Line ${e.line}: ${e.message}` : e.message);

const HEADER = /^"?uid"?\s*[,;\t ]\s*"?amount"?$/i;
const unquote = (field: string) => (field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1).trim() : field);
const NUMBER_LIKE = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function amountProblem(raw: string): BatchLineErrorCode | null {
  if (/^\d+$/.test(raw)) {
    const n = Number(raw);
    if (n === 0) return 'amountMin';
    return n > ISSUE_MAX_AMOUNT ? 'amountMax' : null;
  }
  if (NUMBER_LIKE.test(raw) && Number(raw) <= 0) return 'amountMin';
  return 'amountWhole';
}

/**
 * Reads pasted or uploaded text: one `uid,amount` a line, the two separated by a comma,
 * semicolon, tab or spaces (fields may be quoted); blank lines are skipped, a first line
 * `uid,amount` is taken as a header, a byte-order mark is ignored. Every problem is reported
 * with its line number; a uid on two lines is an error on the second (it would pay twice).
 */
export function parseBatchText(input: string): ParsedBatch {
  const rows = input.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: BatchLine[] = [];
  const errors: BatchLineError[] = [];
  const firstLineOf = new Map<number, number>();
  let seenContent = false;
  rows.forEach((row, index) => {
    const n = index + 1;
    const trimmed = row.trim();
    if (trimmed === '') return;
    if (!seenContent && HEADER.test(trimmed)) {
      seenContent = true;
      return;
    }
    seenContent = true;
    const fields = trimmed.split(/\s*[,;\t]\s*|\s+/).map(unquote);
    if (fields.length !== 2 || fields[0] === '' || fields[1] === '') {
      errors.push(lineError(n, 'fields'));
      return;
    }
    const [uidText, amountText] = fields as [string, string];
    let bad = false;
    if (!/^\d+$/.test(uidText)) {
      errors.push(lineError(n, 'uidWhole'));
      bad = true;
    } else if (Number(uidText) < 1 || Number(uidText) > ISSUE_MAX_UID) {
      errors.push(lineError(n, 'uidRange'));
      bad = true;
    }
    const problem = amountProblem(amountText);
    if (problem) {
      errors.push(lineError(n, problem));
      bad = true;
    }
    if (bad) return;
    const uid = Number(uidText);
    const first = firstLineOf.get(uid);
    if (first !== undefined) {
      errors.push(lineError(n, 'duplicate', first));
      return;
    }
    firstLineOf.set(uid, n);
    lines.push({ line: n, uid, amount: Number(amountText) });
  });
  if (lines.length === 0 && errors.length === 0) errors.push(lineError(0, 'noLines'));
  if (lines.length > MAX_BATCH_LINES) errors.unshift(lineError(0, 'tooMany'));
  return { lines, errors };
}

// ---------------------------------------------------------------- requests

/** §5: a reason is required and at most 200 characters ("Over 200 characters"). */
export const issueReason = text(200).refine((s) => s.trim().length > 0, { message: 'Required' });

/** validate and create: the pasted or uploaded text and the reason. */
export const batchSendBody = z.strictObject({
  text: text(MAX_BATCH_TEXT).min(1, { message: 'Required' }).describe('One `uid,amount` a line (comma, semicolon, tab or spaces)'),
  reason: issueReason,
});
export type BatchSendBody = z.infer<typeof batchSendBody>;

export const batchRef = z.strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });

export const BATCH_STATUSES = ['running', 'done'] as const;
export const LINE_STATUSES = ['pending', 'sent', 'failed'] as const;

export const listBatchLinesQuery = z.strictObject({
  batchId: queryInt(1, Number.MAX_SAFE_INTEGER),
  page: queryInt(1, 1_000_000).optional(),
  pageSize: queryInt(1, 500).optional(),
  uid: queryInt(1, ISSUE_MAX_UID).optional(),
  status: z.enum(LINE_STATUSES).optional(),
});
export type ListBatchLinesQuery = z.infer<typeof listBatchLinesQuery>;

const dailyLimit = z
  .number({ message: 'Expected number' })
  .refine(Number.isSafeInteger, { message: 'Must be a whole number' })
  .min(0, { message: 'Must be at least 0' })
  .max(ISSUE_MAX_AMOUNT, { message: `Must be at most ${ISSUE_MAX_AMOUNT}` });

/** One permission group's daily limits: chips, and cash in centavos. */
export const updateIssueLimitBody = z.strictObject({
  group: z.enum(PERMISSION_GROUP_NAMES, { message: 'Unknown permission group' }),
  chip: dailyLimit,
  withdrawable: dailyLimit,
});
export type UpdateIssueLimitBody = z.infer<typeof updateIssueLimitBody>;

export const listIssueLimitsQuery = z.strictObject({
  page: queryInt(1, 1_000_000).optional(),
  pageSize: queryInt(1, 500).optional(),
});

// ---------------------------------------------------------------- answers

export const issueAllowance = z.object({ limit: z.number().int(), issued: z.number().int(), remaining: z.number().int() });
export type IssueAllowanceView = z.infer<typeof issueAllowance>;

export const batchLineError = z.object({
  line: z.number().int(),
  code: z.string(),
  message: z.string(),
  firstLine: z.number().int().optional(),
});

/** validate: every problem (nothing written), the totals, and whether today's allowance covers the batch. */
export const batchCheck = z.object({
  ok: z.boolean(),
  errors: z.array(batchLineError),
  lines: z.number().int(),
  players: z.number().int(),
  total: z.number().int(),
  allowance: issueAllowance,
  fits: z.boolean(),
});
export type BatchCheck = z.infer<typeof batchCheck>;

export const issueBatch = z.object({
  id: z.number().int(),
  currency: z.enum(ISSUE_CURRENCIES),
  createdBy: z.string(),
  createdAt: z.string(),
  reason: z.string(),
  status: z.enum(BATCH_STATUSES),
  lines: z.number().int(),
  total: z.number().int(),
  sentLines: z.number().int(),
  sentAmount: z.number().int(),
  failedLines: z.number().int(),
  finishedAt: z.string().nullable(),
});
export type IssueBatch = z.infer<typeof issueBatch>;

export const issueBatchLine = z.object({
  lineNo: z.number().int(),
  uid: z.number().int(),
  amount: z.number().int(),
  status: z.enum(LINE_STATUSES),
  message: z.string(),
  ledgerEntryId: z.number().int().nullable(),
});
export type IssueBatchLine = z.infer<typeof issueBatchLine>;

export const issueLimitRow = z.object({ group: z.string(), chip: z.number().int(), withdrawable: z.number().int() });
export type IssueLimitRow = z.infer<typeof issueLimitRow>;

export const batchCheckAnswer = z.object({ code: z.literal(200), data: batchCheck });
export const issueBatchAnswer = z.object({ code: z.literal(200), data: issueBatch });
export const issueBatchLinePageAnswer = z.object({ code: z.literal(200), data: z.object({ items: z.array(issueBatchLine), total: z.number().int() }) });
export const issueAllowanceAnswer = z.object({ code: z.literal(200), data: issueAllowance });
export const issueLimitPageAnswer = z.object({ code: z.literal(200), data: z.object({ items: z.array(issueLimitRow), total: z.number().int() }) });
export const issueLimitAnswer = z.object({ code: z.literal(200), data: issueLimitRow });
