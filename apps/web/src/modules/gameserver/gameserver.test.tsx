// @vitest-environment jsdom
/**
 * /gameserver screens: the status board shows the red server first with how long it has been
 * silent or that it crashed, the totals per game, refreshes itself and says when it cannot
 * load; the server list offers each state change only where the server allows it, confirms
 * before it POSTs; every key of the three screens exists in English and in Chinese.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { GameServerStatus, GameServerStatusItem } from '@console/schemas';
import { renderScreen } from '../../kit/test/setup';
import type { ListDeclaration } from '../../kit';
import { clearSession, setUser } from '../../shell/session';
import locales from './locales';
import { listScreen } from './list';
import GameServerListScreen from './list';
import { serverlogsScreen } from './serverlogs';
import GameServerStatusScreen, { formatAgo } from './status';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const server = (serverId: string, extra: Partial<GameServerStatusItem>): GameServerStatusItem => ({
  id: 1,
  serverId,
  name: `Name ${serverId}`,
  host: `${serverId}.local`,
  region: 'ph-manila',
  games: ['tongits'],
  state: 'active',
  process: 'running',
  lastHeartbeatAt: '2026-11-22T18:00:00.000+08:00',
  version: '2.14.3',
  load: 40,
  onlinePlayers: 120,
  tables: 40,
  drainedAt: null,
  createdAt: '2026-10-23T18:00:00.000+08:00',
  updatedAt: '2026-10-23T18:00:00.000+08:00',
  health: 'green',
  redReason: null,
  silentSeconds: 3,
  reportedGames: [{ game: 'tongits', online: 120, tables: 40 }],
  ...extra,
});
const STATUS: GameServerStatus = {
  at: '2026-11-22T18:00:03.000+08:00',
  intervalSeconds: 10,
  missedHeartbeats: 3,
  servers: [
    server('gs-a', {}),
    server('gs-b', { health: 'red', redReason: 'missed', silentSeconds: 2_823, onlinePlayers: 0 }),
    server('gs-c', { health: 'red', redReason: 'crashed', process: 'crashed', games: ['colorgame'] }),
  ],
  games: [
    { game: 'tongits', servers: 2, green: 1, red: 1, online: 120, tables: 40 },
    { game: 'colorgame', servers: 1, green: 0, red: 1, online: 0, tables: 0 },
  ],
  summary: { servers: 3, green: 1, red: 2, grey: 0, online: 120, tables: 40 },
};

beforeEach(() => {
  mocked.mockReset();
  setUser({ username: 'main', name: 'Main', avatar: '', telephone: '', roles: ['main'], bind2fa: false, partner: 0 });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.useRealTimers();
});

describe('/gameserver/status', () => {
  it('shows red servers first with why and for how long, the totals per game, and the rule', async () => {
    mocked.mockResolvedValue({ code: 200, data: STATUS });
    renderScreen(<GameServerStatusScreen />);
    expect((await screen.findByTestId('red-gs-b')).textContent).toBe('no heartbeat for 47 min 3 s');
    expect(screen.getByTestId('red-gs-c').textContent).toBe('crashed');
    const rows = [...document.querySelectorAll('tr[data-row-key^="gs-"]')].map((r) => r.getAttribute('data-row-key'));
    expect(rows.slice(0, 2).sort()).toEqual(['gs-b', 'gs-c']);
    expect(rows[2]).toBe('gs-a');
    expect(document.querySelector('tr[data-row-key="gs-b"]')!.className).toContain('gameserver-red');
    expect(screen.getByText('A server sends a heartbeat every 10 s; after 3 missed heartbeats (30 s) it turns red.')).toBeTruthy();
    const colour = document.querySelector('tr[data-row-key="colorgame"]')!;
    expect(colour.textContent).toContain('Color Game');
    expect(screen.getByText('Totals per game')).toBeTruthy();
    expect(mocked).toHaveBeenCalledWith('GET', '/gameserver/status', { silent: true });
  });

  it('refreshes itself every interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mocked.mockResolvedValue({ code: 200, data: STATUS });
    renderScreen(<GameServerStatusScreen />);
    await screen.findByTestId('red-gs-b');
    const calls = mocked.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_500);
    });
    await waitFor(() => expect(mocked.mock.calls.length).toBeGreaterThan(calls));
  });

  it('says when it cannot load, with a retry, and when no server is registered', async () => {
    mocked.mockRejectedValueOnce(new Error('Forbidden'));
    renderScreen(<GameServerStatusScreen />);
    expect(await screen.findByText('The server status could not be loaded.')).toBeTruthy();
    mocked.mockResolvedValue({
      code: 200,
      data: { ...STATUS, servers: [], games: [], summary: { servers: 0, green: 0, red: 0, grey: 0, online: 0, tables: 0 } },
    });
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByText('No game server is registered yet: register one under Server list.')).toBeTruthy();
  });

  it('words durations with their two largest units, in Chinese too', async () => {
    const t = i18next.t.bind(i18next) as never;
    expect(formatAgo(31, t)).toBe('31 s');
    expect(formatAgo(3_600 * 50 + 5, t)).toBe('2 d 2 h');
    await i18next.changeLanguage('zh');
    expect(formatAgo(2_823, t)).toBe('47 分 3 秒');
    await i18next.changeLanguage('en');
  });
});

describe('/gameserver/list', () => {
  it('offers each state change only from the states that allow it, and confirms before posting', async () => {
    mocked.mockImplementation(async (method) =>
      method === 'POST' ? { code: 200, data: {} } : { code: 200, data: { items: [server('gs-a', {}), server('gs-m', { state: 'maintenance' })], total: 2 } },
    );
    renderScreen(<GameServerListScreen />);
    await screen.findByText('gs-m');
    const openMore = async (key: string) => {
      const more = [...document.querySelector(`tr[data-row-key="${key}"]`)!.querySelectorAll('button')].find((b) => b.textContent.includes('More'))!;
      fireEvent.click(more);
      await waitFor(() => expect(document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]').length).toBeGreaterThan(0));
      return [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]')] as HTMLElement[];
    };
    expect((await openMore('gs-a')).map((m) => m.textContent)).toEqual(['Drain', 'Maintenance']);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    cleanup();
    renderScreen(<GameServerListScreen />);
    await screen.findByText('gs-m');
    const items = await openMore('gs-m');
    expect(items.map((m) => m.textContent)).toEqual(['Return to service', 'Retire']);
    fireEvent.click(items[1]);
    expect(await screen.findByText('Retire gs-m for good? Its heartbeats are refused from then on; this cannot be undone.')).toBeTruthy();
    expect(mocked.mock.calls.filter((c) => c[0] === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /^OK$|^Confirm$|^Yes$/ }).at(-1)!);
    await waitFor(() =>
      expect(mocked.mock.calls.filter((c) => c[0] === 'POST')).toEqual([
        ['POST', '/gameserver/list/retire', expect.objectContaining({ data: { serverId: 'gs-m' } })],
      ]),
    );
    // the step settles (its toast, the list's reload) before the test ends
    await screen.findByText('Operation success');
  });
});

describe('/gameserver strings', () => {
  it('every key the screens name exists in English and in Chinese, and the two are complete', () => {
    const keys = new Set<string>();
    for (const d of [listScreen, serverlogsScreen] as unknown as ListDeclaration<never>[]) {
      keys.add(d.title);
      for (const f of d.filters ?? []) {
        keys.add(f.label);
        if (f.kind === 'select') for (const o of f.options) keys.add(o.label);
      }
      for (const c of [...d.columns, ...(d.detail?.items ?? [])]) {
        keys.add(c.title);
        for (const l of Object.values(c.labels ?? {})) keys.add(l);
      }
      for (const a of [...(d.toolbar ?? []), ...(d.actions ?? [])]) {
        keys.add(a.label as string);
        if (typeof a.confirm === 'string') keys.add(a.confirm);
        for (const f of a.form?.fields ?? []) {
          keys.add(f.label);
          if (f.help) keys.add(f.help);
        }
        if (a.form?.title) keys.add(a.form.title);
      }
    }
    for (const key of keys) {
      expect(i18next.exists(key, { lng: 'en' }), `en ${key}`).toBe(true);
      expect(i18next.exists(key, { lng: 'zh' }), `zh ${key}`).toBe(true);
    }
    const flat = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? flat(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(flat(locales.zh).sort()).toEqual(flat(locales.en).sort());
    for (const key of flat(locales.zh))
      expect(
        key.split('.').reduce((o: any, k) => o[k], locales.zh),
        key,
      ).not.toBe('');
  });
});
