/** Strings of the appsettings screens (issue 8); keys under 'appsettings'. */
const en = {};
const zh: typeof en = {};
export default { en: { appsettings: en }, zh: { appsettings: zh } };
