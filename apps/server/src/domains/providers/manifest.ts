/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { providerOperations, providerPlatformOperations } from './routes';
import { seedProviders } from './demo';

export const manifest = defineDomain({
  name: 'providers',
  operations: providerOperations,
  platform: providerPlatformOperations,
  demo: { configure: seedProviders, tell: seedProviders },
});
