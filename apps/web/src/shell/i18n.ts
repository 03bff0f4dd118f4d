import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import shellLocales from './locales';
import { saveLanguage, storedLanguage, type Language } from './language';

/**
 * i18next for the whole web app: one `translation` namespace holding the shell's strings,
 * merged with the screen kit's (kit/locales.ts) and the screens' (modules/locales.ts).
 * Those two are loaded with the signed-in shell (loadScreenLocales, which a screen waits for and
 * the layout does not), so the login page carries only the shell's strings. Route and menu
 * titles do not live here: they come from the catalogue's title.en / title.zh.
 */
type Tree = { [key: string]: string | Tree };
export interface LocaleSet {
  en: Tree;
  zh: Tree;
}

export function initI18n(lng: Language = storedLanguage()): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: shellLocales.en }, zh: { translation: shellLocales.zh } },
      lng,
      fallbackLng: 'en',
      supportedLngs: ['en', 'zh'],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18next;
}

/** Deep-merges a locale set into the translation namespace (keys already there win). */
export function addLocales(set: LocaleSet) {
  for (const lang of ['en', 'zh'] as const) i18next.addResourceBundle(lang, 'translation', set[lang] ?? {}, true, false);
}

let screenLocales: Promise<void> | null = null;

/** Merges kit/locales.ts and modules/locales.ts (both `{ en, zh }`); once. */
export function loadScreenLocales(): Promise<void> {
  screenLocales ??= Promise.all([import('../kit/locales'), import('../modules/locales')]).then(([kit, modules]) => {
    addLocales(kit.default);
    addLocales(modules.default);
  });
  return screenLocales;
}

export function currentLanguage(): Language {
  return i18next.language === 'zh' ? 'zh' : 'en';
}

export async function changeLanguage(lang: Language) {
  saveLanguage(lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
