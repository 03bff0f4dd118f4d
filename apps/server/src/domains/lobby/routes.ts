/**
 * /gamehomepage: the lobby's game entries (configs), categories (category) and each
 * package's lobby (packagename), with their histories and the preview; the platform's lobby
 * call. Reading takes each screen's roles; changing takes the hidden editing screens'
 * (/gamehomepage/edit, /gamehomepage/packageedit). docs/api/lobby.md, docs/decisions/010-lobby.md.
 */
import { GAMES } from '@console/games';
import {
  valueLabel,
  lobbyCategoryBody,
  lobbyCategoryRef,
  lobbyGameRef,
  lobbyLayoutBody,
  lobbyLayoutDoc,
  lobbyPreviewQuery,
  lobbyView,
  type LobbyCategoryBody,
  type LobbyGameBody,
} from '@console/schemas';
import { z } from 'zod';
import { notFound } from '../../http/api-error';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { ownsPartner } from '../../plugins/partner-scope';
import { itemOperations } from '../../settings/item-operations';
import { existing, saveItem } from '../../settings/versions';
import { categoryItems, categoryList, categoryOptions } from './categories';
import { gameItems, gameListOperations, lobbyGameInput, providersInUse } from './games';
import { lobbyVersionOperations, LOBBY_SCREENS as S, TAGS } from './history';
import { layoutItems, layoutList, readLayout } from './layouts';
import { buildLobby } from './lobby';
import { lobbyPlatform } from './platform';
import { packageOptions, packagePartner } from '../payment-config/options';

const retag = (ops: Operation[]) => ops.map((op) => ({ ...op, tags: TAGS }));

const configs: Operation[] = [
  ...gameListOperations,
  ...retag(
    itemOperations<LobbyGameBody, LobbyGameBody>({
      items: gameItems,
      base: '/api/gamehomepage/configs/games',
      name: 'gamehomepage.configs.games',
      what: 'home-page game entry',
      body: lobbyGameInput,
      ref: lobbyGameRef,
      keyOf: (b) => String(b.tag),
    }),
  ),
  defineOperation({
    method: 'GET',
    url: '/api/gamehomepage/configs/options',
    name: 'gamehomepage.configs.options',
    screen: S.configs,
    tags: TAGS,
    summary:
      "What a game entry's form offers: the house games (@console/games), the categories, the packages (a partner account: its own), the providers in use",
    response: z.object({
      code: z.literal(200),
      data: z.object({ houseGames: z.array(valueLabel), categories: z.array(valueLabel), packages: z.array(valueLabel), providers: z.array(z.string()) }),
    }),
    handler: async ({ db, user }) => {
      const [categories, packages, providers] = await Promise.all([categoryOptions(db), packageOptions(db, user), providersInUse(db)]);
      return {
        code: 200,
        data: {
          houseGames: GAMES.map((g) => ({ value: g.id, label: `${g.id} · ${g.name.en} · ${g.name.zh}` })),
          categories,
          packages,
          providers,
        },
      };
    },
  }),
  ...lobbyVersionOperations(gameItems, 'configs', S.configs, S.edit),
];

const category: Operation[] = [
  ...listOperations(categoryList),
  ...retag(
    itemOperations<LobbyCategoryBody, LobbyCategoryBody>({
      items: categoryItems,
      base: '/api/gamehomepage/category/categories',
      name: 'gamehomepage.category.categories',
      what: 'lobby category',
      body: lobbyCategoryBody,
      ref: lobbyCategoryRef,
      keyOf: (b) => String(b.code),
    }),
  ),
  ...lobbyVersionOperations(categoryItems, 'category', S.category, S.edit),
];

const packageQuery = z.strictObject({ package: lobbyLayoutBody.shape.package });
const packagename: Operation[] = [
  ...listOperations(layoutList),
  defineOperation({
    method: 'GET',
    url: '/api/gamehomepage/packagename/layout',
    name: 'gamehomepage.packagename.layout',
    screen: S.packagename,
    tags: TAGS,
    summary: "One package's lobby as its editor shows it: own order or not, the categories and games in order; 404 unknown package (or another partner's)",
    query: packageQuery,
    response: z.object({ code: z.literal(200), data: lobbyLayoutDoc }),
    handler: async ({ db, user, query }) => {
      const doc = await readLayout(db, query.package, false);
      if (!doc || !ownsPartner(user, doc.partner)) throw notFound(`Package ${query.package} not found`);
      return { code: 200, data: doc };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/api/gamehomepage/packagename/layout/update',
    name: 'gamehomepage.packagename.layout.update',
    screen: S.packageedit,
    tags: TAGS,
    audit: true,
    body: lobbyLayoutBody,
    summary:
      "Overwrites a package's lobby (custom: the categories and games in the order sent; otherwise the default order with these games); " +
      "a new version; 404 unknown package (or another partner's), 409 naming a category or game that does not exist",
    response: z.object({ code: z.literal(200), data: z.object({ version: z.number(), doc: z.unknown() }) }),
    handler: async ({ db, user, now, note, body }) => {
      const saved = await saveItem({ db, user, now, note }, layoutItems, body.package, 'update', (before) => {
        const current = existing(layoutItems, body.package)(before);
        return { ...body, partner: current.partner };
      });
      return { code: 200, data: saved };
    },
  }),
  defineOperation({
    method: 'GET',
    url: '/api/gamehomepage/packagename/preview',
    name: 'gamehomepage.packagename.preview',
    screen: S.packagename,
    tags: TAGS,
    summary:
      'The lobby exactly as GET /api/platform/lobby answers it for this package, optionally as a player of a platform ' +
      "with paid recharges of `paid` centavos; 404 unknown package (or another partner's)",
    query: lobbyPreviewQuery,
    response: z.object({ code: z.literal(200), data: lobbyView }),
    handler: async ({ db, user, query }) => {
      const owner = await packagePartner(db, query.package);
      const lobby =
        owner !== undefined && ownsPartner(user, owner) ? await buildLobby(db, query.package, { platform: query.platform, paid: query.paid }) : null;
      if (!lobby) throw notFound(`Package ${query.package} not found`);
      return { code: 200, data: lobby };
    },
  }),
  ...lobbyVersionOperations(layoutItems, 'packagename', S.packagename, S.packageedit),
];

export const lobbyOperations: Operation[] = [...configs, ...category, ...packagename];
export const lobbyPlatformOperations: PlatformOperation[] = lobbyPlatform;
