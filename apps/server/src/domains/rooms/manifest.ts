/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { roomOperations, roomPlatformOperations } from './routes';

export const manifest = defineDomain({
  name: 'rooms',
  operations: roomOperations,
  platform: roomPlatformOperations,
});
