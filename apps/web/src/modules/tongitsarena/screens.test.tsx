// @vitest-environment jsdom
/**
 * The Tongits arena screens: the challenge log (result, free ticket), the tables with "New table"
 * only for arenamanage's roles, the defenders with "Remove defender" only for defendersremove's
 * roles, the rankings with "Settle now" and the season settings only for arenamanage's roles,
 * the ticket ranking's season picker; the text forms of streak steps and reward tiers (pesos on
 * screen, centavos on the wire; unreadable text goes as is for the server's 400 naming the field).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen } from '../../kit/test/setup';
import { clearSession, setUser } from '../../shell/session';
import {
  ArenaDefenders,
  ArenaLogs,
  ArenaRankings,
  ArenaTables,
  parseSteps,
  parseTiers,
  recentSeasons,
  stepsText,
  tiersText,
  TicketRank,
  toSettings,
  toTableBody,
} from './screens';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const as = (role: string) => setUser({ username: role, name: role, avatar: '', telephone: '', roles: [role], bind2fa: false, partner: 0 });
const challenge = {
  id: 7,
  table: 'bronze',
  tableName: 'Bronze arena',
  uid: 9602,
  name: 'P9602',
  partner: 0,
  free: true,
  price: 0,
  boughtAt: '2026-11-22T10:00:00.000+08:00',
  state: 'defended',
  defenderUid: 9601,
  defenderName: 'P9601',
  streak: 3,
  reward: 500,
  bonus: 200,
  paid: 700,
  note: '',
  refunded: false,
  resultAt: '2026-11-22T10:08:00.000+08:00',
  matchId: 'm-7',
};
const table = {
  id: 'bronze',
  name: 'Bronze arena',
  stake: 100,
  defenceReward: 500,
  streakSteps: [{ streak: 3, bonus: 200 }],
  open: true,
  createdAt: '2026-11-01T10:00:00.000+08:00',
  updatedAt: '2026-11-01T10:00:00.000+08:00',
  defenderUid: 9601,
  defenderName: 'P9601',
  reignId: 3,
  since: '2026-11-22T09:00:00.000+08:00',
  defences: 3,
  earned: 1_700,
  pending: 1,
  challenges: 9,
};
const reign = {
  id: 3,
  table: 'bronze',
  tableName: 'Bronze arena',
  uid: 9601,
  name: 'P9601',
  partner: 0,
  startedAt: '2026-11-22T09:00:00.000+08:00',
  endedAt: null,
  defences: 3,
  earned: 1_700,
  ended: 'holding',
  endedBy: '',
  reason: '',
  open: true,
  pending: 1,
};

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (_method: unknown, url: unknown) => {
    const u = String(url);
    if (u.endsWith('/logs')) return { code: 200, data: { items: [challenge], nextCursor: null } };
    if (u.endsWith('/tables')) return { code: 200, data: { items: [table], total: 1 } };
    if (u.endsWith('/defenders')) return { code: 200, data: { items: [reign], nextCursor: null } };
    if (u.endsWith('/seasons')) {
      return {
        code: 200,
        data: {
          items: [
            {
              id: 1,
              season: '2026-11-16',
              rank: 1,
              uid: 9602,
              name: 'P9602',
              partner: 0,
              tickets: 9,
              tier: '1',
              amount: 50_000,
              state: 'paid',
              reason: '',
              entryId: 77,
              at: '2026-11-23T00:05:00.000+08:00',
            },
          ],
          nextCursor: null,
        },
      };
    }
    if (u.endsWith('/ticketrank')) {
      return {
        code: 200,
        data: {
          season: { key: '2026-11-16' },
          items: [{ rank: 1, uid: 9602, name: 'P9602', partner: 0, tickets: 9, free: 6, spent: 3_000, reachedAt: null, tier: '1', reward: 50_000 }],
          nextCursor: null,
        },
      };
    }
    return { code: 200, data: {} };
  });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('tongitsarena', () => {
  it('logs: the challenge with its result and a free ticket', async () => {
    as('service');
    renderScreen(<ArenaLogs />);
    expect(await screen.findByText('P9602')).toBeTruthy();
    expect(screen.getByText('Defended')).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
  });

  it('tables: the defender and the steps; New table only for admin', async () => {
    as('business');
    renderScreen(<ArenaTables />);
    expect(await screen.findByText('Bronze arena')).toBeTruthy();
    expect(screen.getByText('3+ defences: +₱2.00')).toBeTruthy();
    expect(screen.queryByText('New table')).toBeNull();
    cleanup();
    as('admin');
    renderScreen(<ArenaTables />);
    expect(await screen.findByText('New table')).toBeTruthy();
  });

  it('defenders: Remove defender for business, not for service', async () => {
    as('service');
    renderScreen(<ArenaDefenders />);
    expect(await screen.findByText('P9601')).toBeTruthy();
    expect(screen.queryByText('Remove defender')).toBeNull();
    cleanup();
    as('business');
    renderScreen(<ArenaDefenders />);
    expect(await screen.findByText('Remove defender')).toBeTruthy();
  });

  it('rankings: settled seasons for the module; Settle now and the settings tab for admin', async () => {
    as('secadmin');
    renderScreen(<ArenaRankings />);
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.queryByText('Settle now')).toBeNull();
    expect(screen.queryByText('Season settings')).toBeNull();
    cleanup();
    as('admin');
    renderScreen(<ArenaRankings />);
    expect(await screen.findByText('Settle now')).toBeTruthy();
    expect(screen.getByText('Season settings')).toBeTruthy();
  });

  it('ticket ranking: the rank, its tier and reward', async () => {
    as('business');
    renderScreen(<TicketRank />);
    expect(await screen.findByText('Rank 1')).toBeTruthy();
    expect(screen.getByText('P9602')).toBeTruthy();
  });

  it('seasons: the Mondays of the last eight seasons (GMT+08:00)', () => {
    // Sunday 2026-11-22 20:00 GMT+08:00 and Monday 2026-11-23 00:30 GMT+08:00 (still Sunday in UTC)
    expect(recentSeasons(2, new Date('2026-11-22T12:00:00Z')).map((o) => o.value)).toEqual(['2026-11-16', '2026-11-09']);
    expect(recentSeasons(1, new Date('2026-11-22T16:30:00Z'))[0]).toMatchObject({ value: '2026-11-23', label: '2026-11-23 – 2026-11-29' });
  });

  it('steps and tiers: lines in pesos ↔ lists in centavos; unreadable text goes as is', () => {
    expect(parseSteps('3 = 2\n5: 5.50\n\n10=20')).toEqual([
      { streak: 3, bonus: 200 },
      { streak: 5, bonus: 550 },
      { streak: 10, bonus: 2_000 },
    ]);
    expect(parseSteps('')).toEqual([]);
    expect(parseSteps('three = 2')).toBeNull();
    expect(
      stepsText([
        { streak: 3, bonus: 200 },
        { streak: 5, bonus: 550 },
      ]),
    ).toBe('3 = 2\n5 = 5.5');
    expect(parseTiers('1 = 500\n2-3 = 200')).toEqual([
      { from: 1, to: 1, reward: 50_000 },
      { from: 2, to: 3, reward: 20_000 },
    ]);
    expect(
      tiersText([
        { from: 1, to: 1, reward: 50_000 },
        { from: 2, to: 3, reward: 20_000 },
      ]),
    ).toBe('1 = 500\n2-3 = 200');
    expect(toTableBody({ id: ' bronze ', name: 'Bronze', stake: 1, defenceReward: 5, streakSteps: '3 = 2', open: true })).toEqual({
      id: 'bronze',
      name: 'Bronze',
      stake: 100,
      defenceReward: 500,
      streakSteps: [{ streak: 3, bonus: 200 }],
      open: true,
    });
    expect(toTableBody({ id: 'x', name: 'X', stake: 1, defenceReward: 1, streakSteps: 'oops', open: false }).streakSteps).toBe('oops');
    expect(toSettings({ ticketPrice: 10, tiers: '1 = 500', totalBudget: 0, dailyBudget: 100 })).toEqual({
      settings: { ticketPrice: 1_000, tiers: [{ from: 1, to: 1, reward: 50_000 }], totalBudget: 0, dailyBudget: 10_000 },
    });
  });
});
