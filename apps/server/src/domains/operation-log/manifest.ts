/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { operationLogOperations } from './routes';
import { triggers } from './triggers';

export const manifest = defineDomain({
  name: 'operation-log',
  operations: operationLogOperations,
  triggers,
});
