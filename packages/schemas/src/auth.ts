/** Sign-in and the session user (contract: "Sign-in and the session user"). */
import { z } from 'zod';
import { roleSchema } from './roles';
import { newPassword, oneTimeCode, text } from './text';

export const loginBody = z.strictObject({
  /** Trimmed (§5). */
  username: text(64).trim(),
  password: text(128),
  code: text(16).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAnswer = z.object({ code: z.literal(200), accessToken: z.string() });

export const userinfoQuery = z.strictObject({ token: text(128).optional() });

export const userinfo = z.object({
  name: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  username: z.string(),
  telephone: z.string(),
  bind2fa: z.boolean(),
  /** Partner id, 0 for none. */
  partner: z.number().int(),
});
export type Userinfo = z.infer<typeof userinfo>;
export const userinfoAnswer = z.object({ code: z.literal(200), userinfo });

export const logoutBody = z.strictObject({ token: text(128) });

export const emptyQuery = z.strictObject({});

export const bind2faSecret = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type Bind2faSecret = z.infer<typeof bind2faSecret>;
/**
 * The contract's `{code}`; the password too when the session is older than the binding grace
 * after sign-in (decision 045: a token taken from a signed-in browser cannot bind its own
 * authenticator to the account).
 */
export const bind2faBody = z.strictObject({ code: oneTimeCode, password: text(128).optional() });

export const changePasswordBody = z.strictObject({
  old: text(128),
  password: newPassword,
  code: oneTimeCode.optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const okAnswer = z.object({ code: z.literal(200) });

/** Two-factor sign-in per role (decision 045). */
export const TWO_FACTOR_POLICIES = ['optional', 'once-bound', 'required'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
export const twoFactorPolicy = z.enum(TWO_FACTOR_POLICIES, { message: `Must be one of ${TWO_FACTOR_POLICIES.join(', ')}` });

export const roleTwoFactorPolicy = z.object({
  id: z.number().int(),
  role: z.string(),
  policy: twoFactorPolicy,
  /** Enabled accounts holding the role, and how many of them have an authenticator bound. */
  accounts: z.number().int(),
  bound: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type RoleTwoFactorPolicy = z.infer<typeof roleTwoFactorPolicy>;

/** Where the signed-in account stands: `required` means it can do nothing but bind until it has. */
export const accountSecurity = z.object({
  bind2fa: z.boolean(),
  required: z.boolean(),
  /** The binding needs the password (the session is past its grace after sign-in). */
  passwordNeeded: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;

export const setTwoFactorPolicyBody = z.strictObject({ role: roleSchema, policy: twoFactorPolicy });
