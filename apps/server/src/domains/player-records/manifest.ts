/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { playerRecordsOperations } from './routes';

export const manifest = defineDomain({
  name: 'player-records',
  operations: playerRecordsOperations,
});
