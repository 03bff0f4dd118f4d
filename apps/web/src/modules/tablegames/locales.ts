/** Strings of the tablegames screens (issue 7); keys under 'tablegames'. */
const en = {};
const zh: typeof en = {};
export default { en: { tablegames: en }, zh: { tablegames: zh } };
