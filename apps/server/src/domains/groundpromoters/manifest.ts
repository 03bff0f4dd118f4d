/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { groundPromoterOperations, groundPromoterPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'groundpromoters',
  operations: groundPromoterOperations,
  platform: groundPromoterPlatformOperations,
});
