/** Console accounts (docs/api/accounts.md): the /adminmanager/editer screen. */
import { z } from 'zod';
import { roleListSchema, roleSchema } from './roles';
import { newPassword, queryBool, queryInt, text, usernameRule } from './text';

/**
 * A sales or ground-promoter account's share code: players registered with it are its players
 * (/usermanager/searchsales). Letters and digits; empty string on update clears it.
 */
export const shareCode = z.string().regex(/^[A-Za-z0-9]{4,16}$/, { message: 'Must be 4 to 16 letters or digits' });

const partnerId = z.number().int({ message: 'Must be an integer' }).min(0, { message: 'Must be at least 0' }).max(2_147_483_647, { message: 'Too large' });

export const consoleAccount = z.object({
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  telephone: z.string(),
  roles: z.array(z.string()),
  partner: z.number().int(),
  enabled: z.boolean(),
  bind2fa: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  shareCode: z.string().nullable(),
});
export type ConsoleAccount = z.infer<typeof consoleAccount>;

export const ACCOUNT_SORTS = ['username', 'createdAt', 'lastLoginAt'] as const;

export const listAccountsQuery = z.strictObject({
  page: queryInt(1, 1_000_000).optional(),
  pageSize: queryInt(1, 500).optional(),
  username: text(64).optional(),
  name: text(64).optional(),
  role: roleSchema.optional(),
  partner: queryInt(0, 2_147_483_647).optional(),
  enabled: queryBool.optional(),
  sort: z.enum(ACCOUNT_SORTS).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
});
export type ListAccountsQuery = z.infer<typeof listAccountsQuery>;

export const createAccountBody = z.strictObject({
  username: usernameRule,
  password: newPassword,
  name: text(64).min(1, { message: 'Required' }),
  roles: roleListSchema,
  partner: partnerId.optional(),
  telephone: text(32).optional(),
  avatar: text(512).optional(),
  enabled: z.boolean().optional(),
  shareCode: shareCode.optional(),
});
export type CreateAccountBody = z.infer<typeof createAccountBody>;

export const updateAccountBody = z.strictObject({
  username: text(64),
  name: text(64).min(1, { message: 'Required' }).optional(),
  roles: roleListSchema.optional(),
  partner: partnerId.optional(),
  telephone: text(32).optional(),
  avatar: text(512).optional(),
  enabled: z.boolean().optional(),
  /** '' removes the code. */
  shareCode: z.union([shareCode, z.literal('')]).optional(),
  /** Resets the password. */
  password: newPassword.optional(),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

/** removeone and reset2fa. */
export const accountRefBody = z.strictObject({ username: text(64) });

export const accountListAnswer = z.object({
  code: z.literal(200),
  data: z.object({ items: z.array(consoleAccount), total: z.number().int() }),
});
export const accountAnswer = z.object({ code: z.literal(200), data: consoleAccount });
