/** Strings of this folder's screens (issue 9); keys under 'agentcash'. */
export default { en: { agentcash: {} }, zh: { agentcash: {} } };
