import { Breadcrumb, Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import { normalizePath, SETTINGS_PATH, type Access } from '../routes';
import { useLanguage } from '../useLanguage';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from './device';

/**
 * module / screen (nested groups included), titles in the current language. Below the
 * mobile breakpoint only the current screen shows, on one line cut with an ellipsis (the
 * whole trail in its tooltip), so that the header keeps its height.
 */
export function Breadcrumbs({ access }: { access: Access }) {
  const lang = useLanguage();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const path = normalizePath(useLocation().pathname);
  const trail = access.screens.get(path)?.trail;
  const titles = trail ? trail.map((n) => n.title[lang]) : path === SETTINGS_PATH ? [t('settings.title')] : [];
  if (isMobile) {
    if (titles.length === 0) return null;
    return (
      <Typography.Text data-testid="breadcrumb" ellipsis={{ tooltip: titles.join(' / ') }} style={{ minWidth: 0, flex: '0 1 auto' }}>
        {titles[titles.length - 1]}
      </Typography.Text>
    );
  }
  return (
    <Breadcrumb
      data-testid="breadcrumb"
      items={titles.map((title) => ({ title: <span style={{ whiteSpace: 'nowrap' }}>{title}</span> }))}
      style={{ minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}
    />
  );
}
