// @vitest-environment jsdom
/**
 * The package lobby editor: loads the package's lobby, shows the phone preview of the draft,
 * follows a change at once, asks before saving and posts the whole lobby; read-only (no save)
 * for an account without /gamehomepage/packageedit's roles.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../kit/test/setup';
import { FeedbackProvider } from '../../kit/feedback';
import { setUser } from '../../shell/session';
import { LobbyEditor } from './LobbyEditor';

vi.mock('../../shell/request', async (orig) => ({ ...(await orig<object>()), request: vi.fn() }));
const { request } = await import('../../shell/request');
const mocked = vi.mocked(request);

const cat = (code: string, nameEn: string, sortOrder: number) => ({
  id: sortOrder,
  code,
  nameEn,
  nameZh: nameEn,
  icon: '',
  sortOrder,
  visible: true,
  games: 0,
  updatedAt: '',
});
const game = (tag: string, nameEn: string, category: string, rank: number, extra = {}) => ({
  id: rank,
  tag,
  provider: 'house',
  category,
  nameEn,
  nameZh: nameEn,
  icon: tag,
  initValue: 0,
  rank,
  platform: 'all',
  payLimit: 0,
  visible: true,
  packages: [],
  updatedAt: '',
  ...extra,
});
const LAYOUT = { package: 'com.demo.partner1', partner: 1, custom: true, categories: ['slots', 'cards'], games: ['luckyjoker', 'tongits', 'pusoy'] };

const user = (roles: string[]) => setUser({ username: roles[0], name: roles[0], avatar: '', telephone: '', roles, bind2fa: false, partner: 1 });
const tiles = () =>
  within(screen.getByTestId('lobby-phone'))
    .queryAllByTestId(/^tile-/)
    .map((e) => e.getAttribute('data-testid')!.slice(5));

beforeEach(() => {
  mocked.mockReset();
  mocked.mockImplementation(async (method, url) => {
    if (method === 'POST') return { code: 200, data: { version: 9, doc: null } };
    if (url.endsWith('/layout')) return { code: 200, data: LAYOUT };
    if (url.endsWith('/categories')) return { code: 200, data: { items: [cat('cards', 'Card games', 10), cat('slots', 'Slots', 20)], total: 2 } };
    return {
      code: 200,
      data: {
        items: [
          game('tongits', 'Tongits', 'cards', 1, { initValue: 10_000_000 }),
          game('pusoy', 'Pusoy', 'cards', 2),
          game('luckyjoker', 'Lucky Joker', 'slots', 1, { payLimit: 50_000 }),
          game('tasty', 'Tasty', 'slots', 2),
        ],
        total: 4,
      },
    };
  });
});
afterEach(() => {
  cleanup();
});

const open = () =>
  renderScreen(
    <FeedbackProvider>
      <LobbyEditor pkg="com.demo.partner1" onClose={() => {}} />
    </FeedbackProvider>,
  );

describe('the package lobby editor', () => {
  it("previews the package's lobby in its order, and follows a change at once", async () => {
    user(['partner']);
    open();
    await screen.findByTestId('lobby-phone');
    // let the drawer finish opening (its content settles after the motion)
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(mocked).toHaveBeenCalledWith('GET', '/gamehomepage/packagename/layout', { params: { package: 'com.demo.partner1' } });
    expect(tiles()).toEqual(['luckyjoker', 'tongits', 'pusoy']);
    expect(screen.getByTestId('tile-tongits').textContent).toContain('₱100,000.00');
    expect(screen.getByTestId('tile-luckyjoker').textContent).toContain('from ₱500.00');
    // show Tasty, put Pusoy before Tongits, Card games first
    fireEvent.click(within(screen.getByTestId('game-tasty')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('game-pusoy')).getByRole('button', { name: 'Move up' }));
    fireEvent.click(within(screen.getByTestId('category-cards')).getByRole('button', { name: 'Move up' }));
    expect(tiles()).toEqual(['pusoy', 'tongits', 'luckyjoker', 'tasty']);
    // off: every category by its order, games by rank
    fireEvent.click(screen.getByRole('switch', { name: 'Own order for this package' }));
    expect(tiles()).toEqual(['tongits', 'pusoy', 'luckyjoker', 'tasty']);
    fireEvent.click(screen.getByRole('switch', { name: 'Own order for this package' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save lobby' }));
    const confirm = await screen.findByText('Saving overwrites the lobby of com.demo.partner1 (its categories, games and order). Continue?');
    expect(mocked.mock.calls.filter(([m]) => m === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(
      () =>
        expect(mocked).toHaveBeenCalledWith('POST', '/gamehomepage/packagename/layout/update', {
          // games in their order within each category (the categories' order is its own)
          data: { package: 'com.demo.partner1', custom: true, categories: ['cards', 'slots'], games: ['luckyjoker', 'pusoy', 'tongits', 'tasty'] },
        }),
      { timeout: 5000 },
    );
  });

  it('is read-only for customer service: no save, nothing to tick', async () => {
    user(['service']);
    open();
    await screen.findByTestId('lobby-phone');
    expect(screen.queryByRole('button', { name: 'Save lobby' })).toBeNull();
    expect(screen.getByText(/You can look at this lobby/)).toBeTruthy();
    expect(within(screen.getByTestId('game-tasty')).getByRole<HTMLInputElement>('checkbox').disabled).toBe(true);
  });
});
