/** Strings of this folder's screens (issue 9); keys under 'rooms'. */
export default { en: { rooms: {} }, zh: { rooms: {} } };
