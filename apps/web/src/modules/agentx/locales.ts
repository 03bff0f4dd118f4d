/** Strings of this folder's screens (issue 9); keys under 'agentx'. */
export default { en: { agentx: {} }, zh: { agentx: {} } };
