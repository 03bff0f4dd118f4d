/**
 * Demo game providers: JILI and three others, each with its own platform application
 * (the simulator plays their games through the signed wallet calls as that application and
 * reports provider.round events; simulator/providers.ts).
 */
import { providerScopes } from '@console/schemas';
import type { Db } from '../../db/open';
import { ensurePlatformApplication } from '../platform/applications';
import { setProviderApps } from '../../simulator/providers';
import { ensureGameProvider } from './providers';

export interface DemoProvider {
  code: string;
  name: string;
  appId: string;
  secret: string;
}

/** The demo providers; their secrets are demo-only like demo-app's. */
export const DEMO_PROVIDERS: readonly DemoProvider[] = [
  { code: 'JILI', name: 'JILI Games', appId: 'jili-app', secret: 'jili-demo-platform-secret' },
  { code: 'PG', name: 'PG Soft', appId: 'pg-app', secret: 'pg-demo-platform-secret' },
  { code: 'JDB', name: 'JDB Gaming', appId: 'jdb-app', secret: 'jdb-demo-platform-secret' },
  { code: 'FC', name: 'FA CHAI', appId: 'fc-app', secret: 'fc-demo-platform-secret' },
];

/** A bet or a win of at most ₱100,000,000 in chips, and at most ₱1,000,000,000 of chips won a day. */
const PROVIDER_SCOPES = providerScopes(10_000_000_000, 100_000_000_000);

/** Demo configuration of providers: their applications and their registration. */
export async function seedProviders(db: Db): Promise<void> {
  for (const p of DEMO_PROVIDERS) {
    // a provider's application only debits and credits chips for its own rounds (decision 042)
    await ensurePlatformApplication(db, { appId: p.appId, secret: p.secret, name: `${p.name} (provider)`, scopes: PROVIDER_SCOPES });
    await ensureGameProvider(db, { code: p.code, name: p.name, appId: p.appId }, new Date('2026-01-01T00:00:00Z'));
  }
  // the demo's simulated providers play through these applications (simulator/providers.ts)
  setProviderApps(DEMO_PROVIDERS);
}
