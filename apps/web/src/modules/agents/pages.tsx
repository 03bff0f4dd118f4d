/** One component per catalogue path of this folder (the lazy chunk index.ts loads). */
import { ListScreen } from '../../kit';
import { AgentEditor, linesDecl, rebatesDecl, runsDecl, t1Decl } from './screens';

export const PAGES = {
  '/agentcooperation/agentediter': () => <AgentEditor />,
  '/agentcooperation/rebateLogs': () => <ListScreen decl={linesDecl} />,
  '/agentcooperation/shareT1Detail': () => <ListScreen decl={t1Decl} />,
  '/agentcooperation/shareRebate': () => <ListScreen decl={rebatesDecl} />,
  '/agentcooperation/sharePay': () => <ListScreen decl={runsDecl} />,
} as const;
