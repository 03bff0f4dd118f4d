/** Strings of /tinygames (issue 7); keys under 'tinygames'. */
const en = {};
const zh: typeof en = {};
export default { en: { tinygames: en }, zh: { tinygames: zh } };
