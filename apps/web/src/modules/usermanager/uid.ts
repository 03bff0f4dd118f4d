/**
 * The i18n key of the player id label ("UID" / "玩家ID"), the same on every /usermanager
 * screen, filter and the player detail (locales/common.ts).
 */
export const UID = 'usermanager.uid';
