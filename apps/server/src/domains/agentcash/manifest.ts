/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain, staffDemoStep } from '../manifest';
import { agentCashOperations, agentCashPlatformOperations } from './routes';
import { seedAgentCashActivity } from './demo';
import { recoverAgentPayouts } from './orders';
import { registerRepeatingJob } from '../../http/repeating-job';

export const manifest = defineDomain({
  name: 'agentcash',
  operations: agentCashOperations,
  platform: agentCashPlatformOperations,
  jobs: [
    (host, { db, now }) =>
      registerRepeatingJob(host, { name: 'agent payout recovery', firstAfterMs: 12_000, everyMs: 60_000, run: () => recoverAgentPayouts(db, now) }),
  ],
  demo: { steps: [staffDemoStep('agentcash', 2, seedAgentCashActivity)] },
});
