// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { Permission, usePermission } from './Permission';
import { clearSession, setToken, setUser, type SessionUser } from './session';

const user = (roles: string[]): SessionUser => ({ username: 'u', name: 'U', avatar: '', telephone: '', roles, bind2fa: false, partner: 0 });
function signIn(roles: string[]) {
  act(() => {
    setToken('t');
    setUser(user(roles));
  });
}

afterEach(() => {
  cleanup();
  act(() => clearSession());
});

describe('Permission (§6 permission element)', () => {
  it('renders its children when the account holds one of the roles', () => {
    signIn(['business', 'partner']);
    render(
      <Permission roles={['admin', 'partner']}>
        <button>Export</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('removes the element when the account holds none of them, admin included unless listed', () => {
    signIn(['admin']);
    const { container } = render(
      <Permission roles={['secadmin']}>
        <button>Export</button>
      </Permission>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('removes the element when nobody is signed in', () => {
    const { container } = render(
      <Permission roles={['admin']}>
        <span>x</span>
      </Permission>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('follows the session: the element appears once the roles are loaded and goes at logout', () => {
    render(
      <Permission roles={['service']}>
        <span>refund</span>
      </Permission>,
    );
    expect(screen.queryByText('refund')).toBeNull();
    signIn(['service']);
    expect(screen.getByText('refund')).toBeTruthy();
    act(() => clearSession());
    expect(screen.queryByText('refund')).toBeNull();
  });

  it('throws "need roles!" without a role list', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    // roles is required: a call without it does not compile, and throws when it happens anyway
    const Unchecked = Permission as unknown as (props: { children: ReactNode }) => ReactNode;
    expect(() =>
      render(
        <Unchecked>
          <span>x</span>
        </Unchecked>,
      ),
    ).toThrow(/need roles!/);
    expect(() =>
      render(
        <Permission roles={[]}>
          <span>x</span>
        </Permission>,
      ),
    ).toThrow(/need roles!/);
    spy.mockRestore();
  });

  it('usePermission answers the same question', () => {
    signIn(['maint']);
    expect(renderHook(() => usePermission(['maint', 'secadmin'])).result.current).toBe(true);
    expect(renderHook(() => usePermission(['secadmin'])).result.current).toBe(false);
  });
});
