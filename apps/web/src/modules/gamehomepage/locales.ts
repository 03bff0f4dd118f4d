/** Strings of /gamehomepage (issue 7); keys under 'gamehomepage'. */
const en = {};
const zh: typeof en = {};
export default { en: { gamehomepage: en }, zh: { gamehomepage: zh } };
