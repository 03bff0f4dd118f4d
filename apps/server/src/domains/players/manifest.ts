/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { playerOperations } from './routes';
import { triggers } from './triggers';

export const manifest = defineDomain({
  name: 'players',
  operations: playerOperations,
  triggers,
});
