// @vitest-environment jsdom
/**
 * modules/tablegames: every Tongits/Pusoy catalogue screen that is not a house screen is
 * registered (and nothing else); the declarations send what the API takes (pesos → centavos, the
 * report a flag comes from); the dashboard shows the pool from its own answer; en and zh complete.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { listScreens } from '@console/catalog';
import { renderScreen } from '../../kit/test/setup';
import { tablegamesScreens } from './index';
import { tinygamesScreens } from '../tinygames/index';
import { roomsList } from './settings';
import { flagsList, reportsList } from './cheat';
import { documentDecl, jackpotSpec } from './documents';
import { Dashboard1v1 } from './dashboards';
import locales from './locales';
import type { GameReportRow } from '@console/schemas';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);
afterEach(() => {
  cleanup();
  mocked.mockReset();
});

const keys = (o: unknown, prefix = ''): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('tablegames module', () => {
  it('registers the table-game screens the catalogue has, beside the house screens', () => {
    const wanted = listScreens()
      .map((s) => s.fullPath)
      .filter((p) => /^\/tinygames\/(tongits|tongitscheat|pusoy)\//.test(p) && !(p in tinygamesScreens));
    expect(Object.keys(tablegamesScreens).sort()).toEqual(wanted.sort());
    expect(wanted).toHaveLength(8);
  });

  it('reads rooms without editing them (they are the room templates), sends flags with their reason and report, jackpot amounts in centavos', () => {
    const rooms = roomsList('tongits');
    expect(rooms.toolbar ?? []).toEqual([]);
    expect(rooms.actions ?? []).toEqual([]);
    expect(rooms.columns.map((c) => c.key)).toEqual(['room', 'name', 'mode', 'ante', 'minBalance', 'maxBalance', 'open', 'aiSeats', 'playable']);
    expect(roomsList('pusoy').columns.map((c) => c.key)).not.toContain('aiSeats');
    expect(flagsList.toolbar![0].call.body!(undefined, { uid: '100077', reason: ' Collusion ' })).toEqual({ uid: 100077, reason: 'Collusion' });
    const flag = reportsList.actions![0];
    expect(flag.visible!({ flagged: true } as GameReportRow)).toBe(false);
    expect(flag.call.body!({ id: 9, targetUid: 100404, flagged: false } as GameReportRow, { reason: 'Bot confirmed' })).toEqual({
      uid: 100404,
      reason: 'Bot confirmed',
      report: 9,
    });
    const jackpot = documentDecl(jackpotSpec('tongits'));
    expect(jackpot.load.toForm!({ enabled: true, payoutBps: 3000, maxPayout: 5_000_000, minPool: 2_000 })).toEqual({
      enabled: true,
      payoutBps: 3000,
      maxPayout: 50_000,
      minPool: 20,
    });
    expect(jackpot.save.body!({ enabled: true, payoutBps: 3000, maxPayout: 50_000, minPool: 20 })).toEqual({
      enabled: true,
      payoutBps: 3000,
      maxPayout: 5_000_000,
      minPool: 2_000,
    });
  });

  it('the 1v1 dashboard shows its figures and the jackpot pool from one answer', async () => {
    const day = {
      day: '2026-11-22',
      rounds: 3,
      tables: 2,
      seats: 6,
      turnover: 3_000,
      wins: 2_400,
      rake: 150,
      jackpot: 300,
      aiRounds: 3,
      aiSeats: 3,
      aiWon: 1,
      aiBet: 1_500,
      aiWin: 1_200,
      aiNet: -300,
      aiWinRate: 1 / 3,
      houseTake: 600,
    };
    mocked.mockImplementation(async (_m, url) => {
      if (url === '/tinygames/tongits/dashboard1v1') {
        const { day: _d, ...totals } = day;
        return {
          code: 200,
          data: {
            game: 'tongits',
            scope: '1v1',
            totals,
            days: [day],
            chart: [{ day: day.day, turnover: 30, rake: 1.5, jackpot: 3 }],
            pool: {
              game: 'tongits',
              contributed: 17_340,
              paid: 3_171,
              wins: 1,
              balance: 14_169,
              nextPayout: 4_250,
              rules: { enabled: true, payoutBps: 3000, maxPayout: 0, minPool: 2_000 },
            },
          },
        };
      }
      return { code: 200, data: { items: [], total: 0, nextCursor: null } };
    });
    renderScreen(<Dashboard1v1 />, '/tinygames/tongits/dashboard1v1');
    await waitFor(() => expect(screen.getByTestId('pool-balance').textContent).toBe('₱141.69'));
    expect(screen.getByText('No cap')).toBeTruthy();
  });

  it('has every string in English and Chinese', () => {
    expect(keys(locales.zh.tablegames).sort()).toEqual(keys(locales.en.tablegames).sort());
    for (const [k, v] of Object.entries(locales.en.tablegames.title)) expect(v, k).toMatch(/·/);
  });
});
