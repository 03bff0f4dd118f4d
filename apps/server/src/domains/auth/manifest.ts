/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { authOperations } from './routes';
import { triggers } from './triggers';
import { registerAuthPruning } from './prune';

export const manifest = defineDomain({
  name: 'auth',
  operations: authOperations,
  triggers,
  jobs: [(host, { db, config }) => registerAuthPruning(host, db, config)],
});
