import { describe, expect, it } from 'vitest';
import { compact, grantableRoles } from './accountFields';

describe('grantableRoles', () => {
  it('admin grants every role', () => {
    expect(grantableRoles({ roles: ['admin'] })).toContain('admin');
    expect(grantableRoles({ roles: ['admin'] })).toHaveLength(13);
  });
  it('secadmin grants all but admin', () => {
    expect(grantableRoles({ roles: ['secadmin'] })).not.toContain('admin');
    expect(grantableRoles({ roles: ['secadmin'] })).toContain('secadmin');
  });
  it('a partner account grants neither admin nor secadmin', () => {
    const roles = grantableRoles({ roles: ['partner'] });
    expect(roles).not.toContain('admin');
    expect(roles).not.toContain('secadmin');
    expect(roles).toContain('service');
  });
});

describe('compact', () => {
  it('drops empty optional values but keeps 0 and false', () => {
    expect(compact({ a: '', b: undefined, c: null, d: 0, e: false, f: 'x' })).toEqual({ d: 0, e: false, f: 'x' });
  });
});
