/** Strings of this folder's screens (issue 9); keys under 'groundpromoters'. */
export default { en: { groundpromoters: {} }, zh: { groundpromoters: {} } };
