/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { triggers } from './triggers';

export const manifest = defineDomain({
  name: 'ledger',
  triggers,
});
