import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLanguage } from './useLanguage';

/**
 * antd's settings for everything antd draws (the signed-in shell, the toasts): its locale follows
 * the i18next language (zh_CN / en_US). Not at the app's root: the sign-in page has no antd.
 * Both packs are here (about 3 KB gzipped together) so a language switch never waits on a chunk.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  return (
    // autoInsertSpace off: antd would write two-character Chinese buttons as "查 询".
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
