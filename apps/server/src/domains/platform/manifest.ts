/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { platformOperations } from './routes';

export const manifest = defineDomain({
  name: 'platform',
  platform: platformOperations,
});
