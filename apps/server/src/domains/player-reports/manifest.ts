/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { playerReportsOperations } from './routes';

export const manifest = defineDomain({
  name: 'player-reports',
  operations: playerReportsOperations,
});
