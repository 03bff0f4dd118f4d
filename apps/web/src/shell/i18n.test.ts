import { describe, expect, it } from 'vitest';
import kitLocales from '../kit/locales';
import moduleLocales from '../modules/locales';
import { i18next, initI18n, loadScreenLocales } from './i18n';
import shellLocales from './locales';
import { translateServerMessage } from './server-messages';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, prefix + k + '.')));

describe('i18n', () => {
  it('the shell has every string in both languages', () => {
    expect(keys(shellLocales.zh as Tree).sort()).toEqual(keys(shellLocales.en as Tree).sort());
  });

  it('serves the shell strings at once and merges the kit and screen strings when the shell loads', async () => {
    initI18n('en');
    expect(i18next.t('expiry.title')).toBe('Safe exit');
    expect(i18next.t('messages.success')).toBe('Operation success');
    await loadScreenLocales();
    for (const lang of ['en', 'zh'] as const) {
      for (const set of [kitLocales, moduleLocales]) {
        const [first] = keys(set[lang]);
        if (first) expect(i18next.getResource(lang, 'translation', first)).toBeTypeOf('string');
      }
    }
    await i18next.changeLanguage('zh');
    expect(i18next.t('expiry.title')).toBe('安全退出');
    expect(i18next.t('expiry.relogin')).toBe('重新登录');
    await i18next.changeLanguage('en');
  });

  it('translates known server messages in Chinese and leaves others as they are', async () => {
    initI18n('en');
    await i18next.changeLanguage('zh');
    const t = i18next.t;
    expect(translateServerMessage('The current password is incorrect', t)).toBe('当前密码不正确');
    expect(translateServerMessage('Account and password are incorrect.', t)).toBe('账号或密码错误。');
    expect(translateServerMessage('Order 8f3a…21c0 is already approved', t)).toBe('订单 8f3a…21c0 已批准');
    expect(translateServerMessage('Order 8f3a…21c0 is in review (claimed by serviceleader)', t)).toBe('订单 8f3a…21c0 正在审核（由 serviceleader 认领）');
    expect(translateServerMessage('Order 8f3a…21c0 is awaiting its payout outcome (undetermined): set success or fail', t)).toBe(
      '订单 8f3a…21c0 正在等待出款结果（未确定）: set success or fail',
    );
    expect(translateServerMessage('Order 8f3a…21c0 needs a second reviewer: you approved it already', t)).toBe('订单 8f3a…21c0 需要第二位审核人：您已批准过');
    expect(translateServerMessage('Too many attempts, retry in 900 s', t)).toBe('尝试次数过多，请 900 秒后重试');
    expect(translateServerMessage('reason: Over 200 characters', t)).toBe('reason：超过200个字符');
    expect(translateServerMessage('Something new', t)).toBe('Something new');
    await i18next.changeLanguage('en');
    expect(translateServerMessage('The current password is incorrect', i18next.t)).toBe('The current password is incorrect');
  });
});
