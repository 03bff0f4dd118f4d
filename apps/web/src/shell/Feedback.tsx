import { App } from 'antd';
import { useEffect } from 'react';
import { i18next } from './i18n';
import { clearSession } from './session';
import { loginUrl } from './guard';
import { useNavigate } from 'react-router-dom';
import { SETTINGS_PATH } from './routes';
import { setExpiredHandler, setTwoFactorHandler } from './toast';

let expiryDialogOpen = false;

/**
 * Code -1 (§8): one "Safe exit" dialog however many requests come back expired. "Log in
 * again" clears the token and reloads (the guard then asks for the login with a redirect);
 * "Log out" clears the session and goes to the login page with a redirect to the current
 * path (§4). Mounted by the signed-in shell.
 */
export function ExpiryDialogBridge() {
  const { modal } = App.useApp();
  useEffect(() => {
    setExpiredHandler(() => {
      if (expiryDialogOpen) return;
      expiryDialogOpen = true;
      const t = i18next.t;
      modal.confirm({
        title: t('expiry.title'),
        content: t('expiry.content'),
        okText: t('expiry.relogin'),
        cancelText: t('expiry.logout'),
        closable: false,
        mask: { closable: false },
        keyboard: false,
        onOk() {
          clearSession();
          window.location.reload();
        },
        onCancel() {
          clearSession();
          window.location.assign(loginUrl(window.location.pathname + window.location.search));
        },
      });
    });
    return () => setExpiredHandler(() => {});
  }, [modal]);
  return null;
}

/**
 * An account that must bind an authenticator first (decision 045): the server refuses every
 * call but binding, and the shell goes to the account settings, where the binding is.
 */
export function TwoFactorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setTwoFactorHandler(() => {
      if (window.location.pathname !== SETTINGS_PATH) void navigate(SETTINGS_PATH);
    });
    return () => setTwoFactorHandler(() => {});
  }, [navigate]);
  return null;
}
