/** Strings of the messages screens (issue 8); keys under 'messages'. */
const en = {};
const zh: typeof en = {};
export default { en: { messages: en }, zh: { messages: zh } };
