/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { controlOperations, controlPlatformOperations } from './routes';
import { seedControls } from './demo';

export const manifest = defineDomain({
  name: 'controls',
  operations: controlOperations,
  platform: controlPlatformOperations,
  demo: { configure: seedControls, tell: seedControls },
});
