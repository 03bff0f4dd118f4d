/** Strings of this folder's screens (issue 9); keys under 'agentmanager'. */
export default { en: { agentmanager: {} }, zh: { agentmanager: {} } };
