/** What the domain adds to the server (domains/manifest.ts). */
import { defineDomain } from '../manifest';
import { tableGameOperations, tableGamePlatformOperations } from './routes';
import { seedPartnerCheatFlags, seedTableGames, tellTableServers } from './demo';

export const manifest = defineDomain({
  name: 'table-games',
  operations: tableGameOperations,
  platform: tableGamePlatformOperations,
  demo: {
    configure: (db) => seedTableGames(db),
    // after the rooms are configured: the table servers hear their tiers too
    tell: tellTableServers,
    // a partner's reported players, when the desk flagged none of them
    steps: [{ name: 'partner cheat flags', weight: 0.5, run: (c) => seedPartnerCheatFlags(c.db, c.staff!, c.end) }],
  },
});
