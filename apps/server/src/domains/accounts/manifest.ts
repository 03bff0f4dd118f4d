/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { accountOperations } from './routes';
import { triggers } from './triggers';
import { twoFactorOperations } from './two-factor';

export const manifest = defineDomain({
  name: 'accounts',
  operations: [...accountOperations, ...twoFactorOperations],
  triggers,
});
