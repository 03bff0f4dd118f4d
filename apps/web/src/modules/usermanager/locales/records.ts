/** Strings of this part of /usermanager, keyed by screen (merged under 'usermanager' by ../locales.ts). */
export default {
  en: {},
  zh: {},
} satisfies { en: Record<string, unknown>; zh: Record<string, unknown> };
