/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { playerListOperations } from './routes';

export const manifest = defineDomain({
  name: 'player-lists',
  operations: playerListOperations,
});
