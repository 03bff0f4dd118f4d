/** Strings of the loseuser screens (issue 8); keys under 'loseuser'. */
const en = {};
const zh: typeof en = {};
export default { en: { loseuser: en }, zh: { loseuser: zh } };
