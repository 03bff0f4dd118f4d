import { useTranslation } from 'react-i18next';
import type { Language } from './language';

/** The current interface language; re-renders on a switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'zh' ? 'zh' : 'en';
}
