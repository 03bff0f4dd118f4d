import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Guard } from './Guard';
import { reloadTokenFromCookie } from './session';
import { Toasts } from './toast';
import { useLanguage } from './useLanguage';

/**
 * The app root: the page language, the toasts, then the guard. No antd here: the signed-in
 * shell and the toasts bring antd's ConfigProvider (AntdConfig.tsx) with their own chunks, so
 * the sign-in page loads none of it.
 */
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
    <>
      <Toasts />
      <BrowserRouter>
        <Guard />
      </BrowserRouter>
    </>
  );
}
