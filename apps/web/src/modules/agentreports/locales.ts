/** Strings of this folder's screens (issue 9); keys under 'agentreports'. */
export default { en: { agentreports: {} }, zh: { agentreports: {} } };
