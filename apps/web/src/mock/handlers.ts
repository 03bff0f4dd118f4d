import { queryTable, parseTableQuery, sampleItems } from './table';

/**
 * The in-browser development mock of §7: login, info, logout and /table/list, answering
 * the §8 mock codes (60204, 50008). Any username that is a role name signs in with any
 * password and holds that role; `partner` belongs to partner 1. Pure apart from the
 * in-memory state of one MockServer, so the handlers are unit-tested.
 */
export const MOCK_ROLES = [
  'admin',
  'secadmin',
  'business',
  'service',
  'serviceleader',
  'partner',
  'sales',
  'maint',
  'main',
  'groundpromoter',
  'provincepromoter',
  'delivery',
  'editor',
];

export interface MockRequest {
  method: string;
  /** Path after the API base, e.g. '/table/list'. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  token?: string;
}

export interface MockResponse {
  status: number;
  body: Record<string, unknown>;
}

const ok = (extra: Record<string, unknown> = {}): MockResponse => ({ status: 200, body: { code: 200, ...extra } });
const fail = (status: number, code: number, message: string): MockResponse => ({ status, body: { code, message } });
const EXPIRED = () => fail(401, -1, 'Your login has expired, please log in again');

export function tokenOf(username: string) {
  return `${username}-token`;
}

export class MockServer {
  private revoked = new Set<string>();
  private bound = new Set<string>();
  private items = sampleItems();

  /** Development aid: every token issued so far stops working (try the §8 expiry dialog). */
  expireAll() {
    for (const role of MOCK_ROLES) this.revoked.add(tokenOf(role));
  }

  private userOf(token: string | undefined | null): string | undefined {
    if (!token || this.revoked.has(token)) return undefined;
    const username = token.endsWith('-token') ? token.slice(0, -'-token'.length) : '';
    return MOCK_ROLES.includes(username) ? username : undefined;
  }

  handle(req: MockRequest): MockResponse {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const route = `${req.method.toUpperCase()} ${req.path.replace(/\/+$/, '')}`;
    switch (route) {
      case 'POST /login': {
        const username = typeof body.username === 'string' ? body.username.trim() : '';
        if (!MOCK_ROLES.includes(username) || typeof body.password !== 'string' || !body.password) {
          return fail(401, 60204, 'Account and password are incorrect.');
        }
        // An account that bound an authenticator in this session needs a one-time code (any 6 digits).
        if (this.bound.has(username) && !body.code) return fail(401, 60205, 'One-time code required');
        if (this.bound.has(username) && !/^\d{6}$/.test(String(body.code))) return fail(401, 60206, 'Wrong or already used one-time code');
        const token = tokenOf(username);
        this.revoked.delete(token);
        return ok({ accessToken: token });
      }
      case 'GET /admin/userinfo': {
        const username = this.userOf(req.query.get('token'));
        if (!username) return fail(401, 50008, 'Login failed, unable to get user details.');
        return ok({
          userinfo: {
            username,
            name: username[0].toUpperCase() + username.slice(1),
            avatar: '',
            telephone: '',
            roles: [username],
            bind2fa: this.bound.has(username),
            partner: username === 'partner' ? 1 : 0,
          },
        });
      }
      case 'POST /admin/logout':
        if (typeof body.token === 'string') this.revoked.add(body.token);
        return ok();
    }
    const username = this.userOf(req.token);
    if (!username) return EXPIRED();
    switch (route) {
      case 'GET /table/list':
        return { status: 200, body: { code: 20000, data: queryTable(this.items, parseTableQuery(req.query)) } };
      case 'GET /admin/userinfo/bind2fa':
        if (this.bound.has(username)) return fail(409, 409, 'Unable to bind repeatedly, please contact the administrator');
        return ok({ data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: `otpauth://totp/Console:${username}?secret=JBSWY3DPEHPK3PXP&issuer=Console` } });
      case 'POST /admin/userinfo/bind2fa':
        if (!/^\d{6}$/.test(String(body.code ?? ''))) return fail(400, 400, 'Verification code has expired,Please verify again');
        this.bound.add(username);
        return ok();
      case 'POST /admin/userinfo/changepwd':
        if (typeof body.password !== 'string' || body.password.length < 6) return fail(400, 400, 'Password cannot be less than 6 characters');
        if (!body.old) return fail(400, 400, 'The current password is incorrect');
        this.revoked.add(tokenOf(username));
        return ok();
    }
    return fail(404, 404, 'Not found');
  }
}
