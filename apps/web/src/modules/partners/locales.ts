/** Strings of this folder's screens (issue 9); keys under 'partners'. */
export default { en: { partners: {} }, zh: { partners: {} } };
