/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { messageOperations, messagePlatformOperations } from './routes';
import { seedMessages } from './demo';
import { seedMessageTraffic } from '../../simulator/messages';

export const manifest = defineDomain({
  name: 'messages',
  operations: messageOperations,
  platform: messagePlatformOperations,
  demo: {
    configure: (db) => seedMessages(db),
    steps: [staffDemoStep('messages', 10, (db, config, password, end) => seedMessageTraffic(db, config, password, end))],
  },
});
