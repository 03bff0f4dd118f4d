/** Strings of the providers screens (issue 7); keys under 'providers'. */
const en = {};
const zh: typeof en = {};
export default { en: { providers: en }, zh: { providers: zh } };
