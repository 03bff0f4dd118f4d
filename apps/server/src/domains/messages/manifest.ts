/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { messageOperations, messagePlatformOperations } from './routes';
import { seedMessages } from './demo';
import { seedMessageTraffic } from '../../simulator/messages';
import { startMessageJobs } from './jobs';
import { registerRepeatingJob } from '../../http/repeating-job';

export const manifest = defineDomain({
  name: 'messages',
  operations: messageOperations,
  platform: messagePlatformOperations,
  // the running sends are delivered without anyone opening a screen (a send or a look at its
  // progress also starts a pass at once, in that process)
  jobs: [
    (host, { db, now }) =>
      registerRepeatingJob(host, {
        name: 'message delivery',
        firstAfterMs: 3_000,
        everyMs: 15_000,
        run: () => startMessageJobs(db, () => new Date(now()), host.log),
      }),
  ],
  demo: {
    configure: (db) => seedMessages(db),
    steps: [staffDemoStep('messages', 10, (db, config, password, end) => seedMessageTraffic(db, config, password, end))],
  },
});
