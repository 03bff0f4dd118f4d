/** Strings of this folder's screens (issue 9); keys under 'agents'. */
export default { en: { agents: {} }, zh: { agents: {} } };
