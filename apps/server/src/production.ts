/**
 * A server told it runs in production refuses to start on demo settings ("Production
 * start"; decision 043). Production is NODE_ENV=production, or a DATABASE_URL without DEMO; demo
 * mode is DEMO=1, or the embedded database when neither DATABASE_URL, DEMO nor NODE_ENV=production
 * is given (README "Environment").
 * Each refusal is one line naming the setting; the server exits before it listens.
 */
import { ROLES } from '@console/catalog';
import type { Db } from './db/open';
import { verifyPassword } from './domains/auth/passwords';
import { endpointOf, providerFor, SimulatedProvider } from './domains/cashout/providers';
import { applicationSecret } from './domains/platform/applications';
import { DEMO_APP, DEMO_PASSWORD } from './seed/demo';

export interface StartMode {
  production: boolean;
  demo: boolean;
}

/** Which mode the environment asks for; a contradiction (production and DEMO=1) is a refusal. */
export function startMode(env: NodeJS.ProcessEnv): StartMode & { refusal: string | null } {
  const databaseUrl = env.DATABASE_URL || undefined;
  const production = env.NODE_ENV === 'production' || (!!databaseUrl && !env.DEMO);
  // the embedded database defaults to demo mode, except in production
  const demo = env.DEMO ? env.DEMO === '1' || env.DEMO === 'true' : !databaseUrl && !production;
  if (production && demo) {
    return { production, demo, refusal: 'DEMO=1 with NODE_ENV=production: a production server seeds no demo data (unset DEMO or NODE_ENV)' };
  }
  return { production, demo, refusal: null };
}

/**
 * What a production database must not hold: a demo account that still signs in with the demo
 * password, demo-app with its published secret, an open cash-out channel paid by the simulated
 * provider. Answers one line per finding (empty: the server may start).
 */
export async function productionRefusals(db: Db): Promise<string[]> {
  const refusals: string[] = [];
  const accounts = await db
    .selectFrom('console_account')
    .select(['username', 'password_hash'])
    .where('username', 'in', [...ROLES])
    .where('enabled', '=', true)
    .execute();
  for (const account of accounts) {
    if (await verifyPassword(account.password_hash, DEMO_PASSWORD)) {
      refusals.push(`console account ${account.username}: still has the demo password (change it or disable the account)`);
    }
  }
  const demoApp = await applicationSecret(db, DEMO_APP.appId);
  if (demoApp?.enabled && demoApp.secret === DEMO_APP.secret) {
    refusals.push(`platform application ${DEMO_APP.appId}: signs with the demo secret (rotate its secret or disable it on /remoteconfig/application)`);
  }
  const channels = await db.selectFrom('cashout_channel').select('channel').where('status', '<>', 'close').execute();
  for (const { channel } of channels) {
    if (!(await endpointOf(db, channel)) && providerFor(channel) instanceof SimulatedProvider) {
      refusals.push(
        `cash-out channel ${channel}: would be paid by the simulated provider (set its payout endpoint on /remoteconfig/payoutEndpoints, or close the channel)`,
      );
    }
  }
  return refusals;
}
