import { Breadcrumb } from 'antd';
import { useLocation } from 'react-router-dom';
import { normalizePath, SETTINGS_PATH, type Access } from '../routes';
import { useLanguage } from '../useLanguage';
import { useTranslation } from 'react-i18next';

/** module / screen (nested groups included), titles in the current language. */
export function Breadcrumbs({ access }: { access: Access }) {
  const lang = useLanguage();
  const { t } = useTranslation();
  const path = normalizePath(useLocation().pathname);
  const trail = access.screens.get(path)?.trail;
  const titles = trail ? trail.map((n) => n.title[lang]) : path === SETTINGS_PATH ? [t('settings.title')] : [];
  return <Breadcrumb items={titles.map((title) => ({ title }))} style={{ minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }} />;
}
