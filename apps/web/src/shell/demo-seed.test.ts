// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_DATA_EVENT, demoSeedText, watchDemoSeed } from './demo-seed';
import { i18next, initI18n } from './i18n';

afterEach(() => {
  vi.useRealTimers();
});

describe('the demo seed banner (docs/decisions/039-first-minute.md)', () => {
  it('shows the seed in the page language, asks the screens to refresh after each step and goes when the seed is done', async () => {
    vi.useFakeTimers();
    initI18n();
    await i18next.changeLanguage('en');
    const answers = [
      { demoSeed: { percent: 12, step: "players' history", next: 'batches' } },
      { demoSeed: { percent: 12, step: "players' history", next: 'batches' } },
      { demoSeed: { percent: 64, step: 'activities', next: 'cdkcode' } },
      {},
    ];
    const refreshes = vi.fn();
    window.addEventListener(DEMO_DATA_EVENT, refreshes);
    const stop = watchDemoSeed(async () => answers.shift() ?? {});
    await vi.advanceTimersByTimeAsync(0);
    const banner = () => document.getElementById('console-demo-seed');
    expect(banner()?.textContent).toBe("Demo data: 12%, players' history now, batches next. Screens refresh as data arrives.");
    expect(banner()?.getAttribute('role')).toBe('status');
    await i18next.changeLanguage('zh');
    expect(banner()?.textContent).toBe('演示数据生成中：12%，正在生成玩家历史，下一步：批量发放。数据到达后页面会自动刷新。');
    await vi.advanceTimersByTimeAsync(2000);
    expect(refreshes).not.toHaveBeenCalled(); // the same step: nothing new to show
    await vi.advanceTimersByTimeAsync(2000);
    expect(refreshes).toHaveBeenCalledTimes(1);
    expect(banner()?.textContent).toContain('64%');
    await vi.advanceTimersByTimeAsync(2000);
    expect(refreshes).toHaveBeenCalledTimes(2);
    expect(banner()).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answers).toEqual([]); // no more looks once done
    stop();
    window.removeEventListener(DEMO_DATA_EVENT, refreshes);
    await i18next.changeLanguage('en');
  });

  it('shows nothing and stops looking on a server with no seed under way, or none that answers', async () => {
    vi.useFakeTimers();
    const look = vi.fn(async () => ({}));
    watchDemoSeed(look);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(look).toHaveBeenCalledTimes(1);
    expect(document.getElementById('console-demo-seed')).toBeNull();
    const failing = vi.fn(async () => {
      throw new Error('404');
    });
    watchDemoSeed(failing);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('names the step and the next in both languages', () => {
    expect(demoSeedText({ percent: 100, step: 'sign-ins', next: null }, 'en')).toBe('Demo data: 100%, sign-ins now. Screens refresh as data arrives.');
    expect(demoSeedText({ percent: 0, step: '', next: null }, 'zh')).toBe('演示数据生成中：0%。数据到达后页面会自动刷新。');
  });
});
