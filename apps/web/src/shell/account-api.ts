import type { AccountSecurity, Bind2faSecret } from '@console/schemas';
import { ApiError, request } from './request';
import { toSessionUser, type SessionUser } from './session';

/** The sign-in and account calls of §7 (paths fixed by the API contract). */

/** One-time code required (the account has an authenticator bound). */
export const CODE_OTP_REQUIRED = 60205;
export const MISSING_USERINFO = 'Verification failed, please Login again.';

export interface Credentials {
  username: string;
  password: string;
  code?: string;
}

/** §5 trims the username. Success needs code 200 and a token (§7); otherwise rejects with the code. */
export async function login(cred: Credentials): Promise<string> {
  const data: Credentials = { username: cred.username.trim(), password: cred.password };
  if (cred.code) data.code = cred.code.trim();
  const body = await request('POST', '/login', { data, silent: true, handleExpiry: false });
  const token = body.accessToken;
  if (typeof token !== 'string' || !token) throw new ApiError(body.code, 'Error');
  return token;
}

export async function fetchUserinfo(token: string): Promise<SessionUser> {
  const body = await request('GET', '/admin/userinfo', { params: { token }, silent: true, handleExpiry: false });
  const user = toSessionUser(body.userinfo);
  if (!user) throw new ApiError(body.code, MISSING_USERINFO);
  return user;
}

/** Revokes the token on the server; an already dead token is not an error here. */
export async function logout(token: string | undefined): Promise<void> {
  if (!token) return;
  await request('POST', '/admin/logout', { data: { token }, silent: true, handleExpiry: false }).catch(() => undefined);
}

export async function changePassword(input: { old: string; password: string; code?: string }): Promise<void> {
  const data: Record<string, string> = { old: input.old, password: input.password };
  if (input.code) data.code = input.code.trim();
  await request('POST', '/admin/userinfo/changepwd', { data });
}

export type { AccountSecurity, Bind2faSecret };

export async function startBind2fa(): Promise<Bind2faSecret> {
  const body = await request<Bind2faSecret>('GET', '/admin/userinfo/bind2fa');
  if (!body.data?.secret || !body.data.otpauthUrl) throw new ApiError(body.code, 'Error');
  return body.data;
}

/** The password is sent when the session is past its binding grace (decision 045). */
export async function confirmBind2fa(code: string, password?: string): Promise<void> {
  await request('POST', '/admin/userinfo/bind2fa', { data: { code: code.trim(), ...(password ? { password } : {}) } });
}

/** Where the signed-in account stands with two-factor sign-in (decision 045). */
export async function fetchSecurity(): Promise<AccountSecurity> {
  const body = await request<AccountSecurity>('GET', '/admin/userinfo/security', { silent: true });
  return body.data!;
}
