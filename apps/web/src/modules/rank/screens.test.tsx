// @vitest-environment jsdom
/**
 * The leaderboard screens: the standings of a board (rank, value, tier), the settlements tab
 * with "Settle now" only for the roles of /activities/rankmanage, and the boards as rows (the
 * rewards of each rank tier and the budgets in pesos) sent back as the document in centavos.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen } from '../../kit/test/setup';
import { clearSession, setUser } from '../../shell/session';
import { RankScreen, toForm, toSettings } from './screens';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const as = (role: string) => setUser({ username: role, name: role, avatar: '', telephone: '', roles: [role], bind2fa: false, partner: 0 });
const standing = (rank: number, uid: number, value: number, tier: string, reward: number) => ({
  rank,
  uid,
  name: `P${uid}`,
  partner: 0,
  value,
  reachedAt: '2026-11-22T10:00:00.000+08:00',
  tier,
  reward,
});

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (_method: unknown, url: unknown) => {
    if (String(url).includes('/settlements')) {
      return {
        code: 200,
        data: {
          items: [
            {
              id: 1,
              board: 'tw',
              period: '2026-11-22',
              rank: 4,
              uid: 9507,
              name: 'P9507',
              partner: 0,
              value: 300,
              tier: '4-10',
              amount: 200,
              state: 'skipped',
              reason: 'Player is self-excluded',
              entryId: null,
              at: '2026-11-23T00:30:00.000+08:00',
            },
          ],
          nextCursor: null,
        },
      };
    }
    return {
      code: 200,
      data: {
        board: { id: 'tw', game: 'tongits', metric: 'wins', period: 'day', open: true },
        period: null,
        items: [standing(1, 9503, 80_000, '1', 100_000), standing(2, 9502, 50_000, '2-3', 50_000)],
        nextCursor: null,
      },
    };
  });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('rank', () => {
  it('standings: rank, player, value and tier', async () => {
    as('service');
    renderScreen(<RankScreen />);
    expect(await screen.findByText('P9503')).toBeTruthy();
    expect(screen.getByText('Rank 2-3')).toBeTruthy();
  });

  it('settlements: who got what; Settle now only for admin', async () => {
    as('business');
    renderScreen(<RankScreen />, '/screen?tab=settlements');
    expect(await screen.findByText('Player is self-excluded')).toBeTruthy();
    expect(screen.queryByText('Settle now')).toBeNull();
    cleanup();
    as('admin');
    renderScreen(<RankScreen />, '/screen?tab=settlements');
    expect(await screen.findByText('Settle now')).toBeTruthy();
  });

  it('boards: rows with the rewards of each tier and the budgets in pesos, back to the document in centavos', () => {
    const settings = {
      boards: [
        {
          id: 'tongits-daily',
          game: 'tongits',
          metric: 'wins',
          period: 'day',
          open: true,
          rewards: { 1: 100_000, '2-3': 50_000, '4-10': 20_000, '11-50': 5_000 },
        },
      ],
      totalBudget: 5_000_000,
      dailyBudget: 0,
    };
    const form = toForm({ settings });
    expect(form).toEqual({
      totalBudget: 50_000,
      dailyBudget: 0,
      boards: [{ id: 'tongits-daily', game: 'tongits', metric: 'wins', period: 'day', open: true, r1: 1_000, r2_3: 500, r4_10: 200, r11_50: 50 }],
    });
    expect(toSettings(form)).toEqual({ settings });
    expect(
      toSettings({ boards: [{ id: ' weekly ', game: 'all', metric: 'deposits', period: 'week', r1: 12.34 }], totalBudget: 0, dailyBudget: 1 }).settings,
    ).toEqual({
      boards: [{ id: 'weekly', game: 'all', metric: 'deposits', period: 'week', open: false, rewards: { 1: 1_234, '2-3': 0, '4-10': 0, '11-50': 0 } }],
      totalBudget: 0,
      dailyBudget: 100,
    });
  });
});
