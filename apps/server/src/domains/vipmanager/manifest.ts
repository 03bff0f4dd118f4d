/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { vipManagerOperations } from './routes';

export const manifest = defineDomain({
  name: 'vipmanager',
  operations: vipManagerOperations,
});
