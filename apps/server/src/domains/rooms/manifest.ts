/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { roomOperations, roomPlatformOperations } from './routes';
import { seedRoomActivity, seedRooms } from './demo';

export const manifest = defineDomain({
  name: 'rooms',
  operations: roomOperations,
  platform: roomPlatformOperations,
  demo: { configure: seedRooms, steps: [staffDemoStep('rooms', 0.5, seedRoomActivity)] },
});
