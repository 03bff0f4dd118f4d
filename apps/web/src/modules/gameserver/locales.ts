/** Strings of /gameserver (issue 7); keys under 'gameserver'. */
const en = {};
const zh: typeof en = {};
export default { en: { gameserver: en }, zh: { gameserver: zh } };
