/** Strings of the controls screens (issue 7); keys under 'controls'. */
const en = {};
const zh: typeof en = {};
export default { en: { controls: en }, zh: { controls: zh } };
