import { describe, expect, it } from 'vitest';
import { configFromEnv, defaultConfig, failuresPerHour } from './config';

describe('configFromEnv', () => {
  it('keeps the defaults when nothing is set (30 min idle, 12 h, ≤ 100 failures an hour)', () => {
    const { session, signin } = configFromEnv({});
    expect(session.idleMs).toBe(30 * 60_000);
    expect(session.absoluteMs).toBe(12 * 3_600_000);
    expect(signin).toEqual(defaultConfig().signin);
    expect(failuresPerHour(signin)).toBeLessThanOrEqual(100);
  });

  it('reads the expiries and limits in their units', () => {
    const { session, signin } = configFromEnv({
      SESSION_IDLE_MINUTES: '10',
      SESSION_MAX_HOURS: '8',
      SIGNIN_MAX_FAILURES_PER_USER: '5',
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '200',
      SIGNIN_WINDOW_MINUTES: '20',
      SIGNIN_LOCK_MINUTES: '30',
    });
    // eslint-disable-next-line no-restricted-syntax -- SESSION_MAX_HOURS' eight hours, not the console's offset
    expect(session).toMatchObject({ idleMs: 600_000, absoluteMs: 8 * 3_600_000 });
    expect(signin).toEqual({ maxFailuresPerUser: 5, maxFailuresPerAddress: 200, windowMs: 1_200_000, lockMs: 1_800_000 });
  });

  it.each([
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_IDLE_MINUTES', '1.5'],
    ['SESSION_MAX_HOURS', 'twelve'],
    ['SIGNIN_MAX_FAILURES_PER_USER', '101'],
    ['SIGNIN_LOCK_MINUTES', '-5'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(name);
  });

  it('refuses limits that would allow more than 100 failed sign-ins of one username an hour', () => {
    expect(() => configFromEnv({ SIGNIN_MAX_FAILURES_PER_USER: '30', SIGNIN_LOCK_MINUTES: '5', SIGNIN_WINDOW_MINUTES: '5' })).toThrow(/at most 100/);
  });
});
