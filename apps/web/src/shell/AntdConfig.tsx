import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import 'antd/dist/antd.css';
import type { ReactNode } from 'react';
import { useLanguage } from './useLanguage';

/**
 * antd's settings for everything antd draws (the signed-in shell, the toasts): its locale follows
 * the i18next language (zh_CN / en_US). Not at the app's root: the sign-in page has no antd.
 * Both packs are here (about 3 KB gzipped together) so a language switch never waits on a chunk.
 */
/**
 * antd's zero-runtime mode: its components' styles come from antd's own stylesheet (loaded with
 * this chunk, cached a year) instead of being generated in the page on first render. Generating
 * them was 168 KB of CSS in 40 style elements for the shell alone, most of the 210 ms the shell's
 * first render took; the bench's painted shell went from 539 to 341 ms (decision 041).
 */
const THEME = { zeroRuntime: true };

export function AntdConfig({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  return (
    // autoInsertSpace off: antd would write two-character Chinese buttons as "查 询".
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} button={{ autoInsertSpace: false }} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}
