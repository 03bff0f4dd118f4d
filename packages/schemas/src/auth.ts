/** Sign-in and the session user (contract: "Sign-in and the session user"). */
import { z } from 'zod';
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
export const bind2faBody = z.strictObject({ code: oneTimeCode });

export const changePasswordBody = z.strictObject({
  old: text(128),
  password: newPassword,
  code: oneTimeCode.optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const okAnswer = z.object({ code: z.literal(200) });
