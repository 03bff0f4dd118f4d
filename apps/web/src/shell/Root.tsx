import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Guard } from './Guard';
import { reloadTokenFromCookie } from './session';
import { ToastHolder } from './toast';
import { useLanguage } from './useLanguage';

/** The app root: antd locale follows the i18next language (zh_CN / en_US), then the guard. */
export function Root() {
  const lang = useLanguage();
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);
  // Another tab may have signed out (or in): re-read the token cookie when this tab comes back.
  useEffect(() => {
    window.addEventListener('focus', reloadTokenFromCookie);
    return () => window.removeEventListener('focus', reloadTokenFromCookie);
  }, []);
  return (
    // autoInsertSpace off: antd would write two-character Chinese buttons as "查 询".
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} button={{ autoInsertSpace: false }}>
      <ToastHolder />
      <BrowserRouter>
        <Guard />
      </BrowserRouter>
    </ConfigProvider>
  );
}
