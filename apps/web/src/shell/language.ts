/** The interface language (§1, §9): stored as 'zh' or 'en' in local storage, default from the browser. */
export type Language = 'zh' | 'en';
export const LANGUAGE_KEY = 'language';
/** Only these roles see the language switch (§1). */
export const LANGUAGE_SWITCH_ROLES = ['admin', 'partner', 'business', 'secadmin', 'serviceleader'] as const;

export function browserLanguage(navigatorLanguage: string | undefined): Language {
  return navigatorLanguage?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function storedLanguage(): Language {
  let saved: string | null = null;
  try {
    saved = globalThis.localStorage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    /* storage blocked */
  }
  if (saved === 'zh' || saved === 'en') return saved;
  return browserLanguage(globalThis.navigator?.language);
}

export function saveLanguage(lang: Language) {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lang);
  } catch {
    /* storage blocked */
  }
}

export function maySwitchLanguage(roles: readonly string[]): boolean {
  return roles.some((r) => (LANGUAGE_SWITCH_ROLES as readonly string[]).includes(r));
}
