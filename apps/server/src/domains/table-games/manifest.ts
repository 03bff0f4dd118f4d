/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { tableGameOperations, tableGamePlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'table-games',
  operations: tableGameOperations,
  platform: tableGamePlatformOperations,
});
