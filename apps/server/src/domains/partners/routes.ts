/**
 * Partners, cloud chips, coin dealers, transfers and bills: /platmanager partnerediter,
 * defalutediter, coinediter, coinlogs (admin, secadmin) and /partnermanager partnerCoinLogs,
 * coinbusiness, accounttransfer, partnersum (partner, business, secadmin; accounttransfer adds
 * admin). Roles come from the catalogue; a partner account reaches its own partner's rows only
 * (another's are 404). No platform call. docs/api/partners.md, docs/decisions/019-account-ledger-and-partners.md.
 */
import {
  billAdjustBody,
  billCreateBody,
  billStepBody,
  cloudOrderBody,
  cloudOrderDecisionBody,
  dealerCreateBody,
  dealerFreezeBody,
  dealerSaleBody,
  dealerStockBody,
  dealerUpdateBody,
  partnerAccountItem,
  partnerCreateBody,
  partnerDefaults,
  partnerSellBody,
  partnerStatusBody,
  partnerUpdateBody,
  playerChipsBody,
  restoreVersionBody,
  stockLoadBody,
  stockLoadDecisionBody,
  transferBody,
  transferDecisionBody,
  queryInt,
} from '@console/schemas';
import { z } from 'zod';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { restoreVersion, saveItem, versionOperations } from '../../settings/versions';
import { adjustBill, createBill, stepBill } from './bills';
import { createDealer, decideLoad, freezeDealer, handStock, requestLoad, sell, updateDealer } from './dealers';
import { billsList, dealersList, loadsList, movementsList, ordersList, partnersList, saleDaysList, salesList, transfersList } from './lists';
import {
  checkStopLoss,
  createPartner,
  decideOrder,
  DEFAULTS,
  defaultItems,
  giveToPlayer,
  partnerAccounts,
  partnerFor,
  readDefaults,
  reclaimFromPlayer,
  requestCloud,
  sellCloud,
  setPartnerStatus,
  updatePartner,
  type Ctx,
} from './service';
import { decideTransfer, requestTransfer } from './transfers';

const tags = ['partners'];
const ok = <T>(data: T) => ({ code: 200 as const, data });
const answer = (data: z.ZodType = z.unknown()) => z.object({ code: z.literal(200), data });

const PE = '/platmanager/partnerediter';
const DE = '/platmanager/defalutediter';
const CE = '/platmanager/coinediter';
const CL = '/platmanager/coinlogs';
const PCL = '/partnermanager/partnerCoinLogs';
const CB = '/partnermanager/coinbusiness';
const AT = '/partnermanager/accounttransfer';
const PS = '/partnermanager/partnersum';

type PostCtx<B> = Ctx & { body: B; ip: string };

const post = <B extends z.ZodType>(
  screen: string,
  path: string,
  summary: string,
  body: B,
  handler: (ctx: PostCtx<z.output<B>>) => Promise<unknown>,
): Operation =>
  defineOperation({
    method: 'POST',
    url: `/api${screen}/${path}`,
    name: `${screen.slice(1).replace('/', '.')}.${path.replace(/\//g, '.')}`,
    screen,
    tags,
    audit: true,
    body,
    response: answer(),
    summary,
    handler: async (ctx) => ok(await handler(ctx as unknown as PostCtx<z.output<B>>)),
  });

export const partnerOperations: Operation[] = [
  // /platmanager/partnerediter
  ...listOperations(partnersList),
  ...listOperations(ordersList(PE, '/api/platmanager/partnerediter/orders')),
  post(
    PE,
    'create',
    'Creates a partner (next id unless given) with a copy of the defaults and an empty cloud-chip account; 409 when the id exists',
    partnerCreateBody,
    (ctx) => createPartner(ctx, ctx.body),
  ),
  post(
    PE,
    'update',
    "Changes a partner's name and settings (deposit, rake share %, cloud price, transfer threshold, dealer defaults)",
    partnerUpdateBody,
    (ctx) => updatePartner(ctx, ctx.body),
  ),
  post(
    PE,
    'suspend',
    'Suspends a partner with a reason: it receives, hands out and sells nothing until resumed (reclaims still work)',
    partnerStatusBody,
    (ctx) => setPartnerStatus(ctx, ctx.body.id, 'suspended', ctx.body.reason),
  ),
  post(PE, 'resume', 'Resumes a suspended partner (a reason is recorded)', partnerStatusBody, (ctx) =>
    setPartnerStatus(ctx, ctx.body.id, 'active', ctx.body.reason),
  ),
  post(
    PE,
    'sell',
    'Sells cloud chips to a partner: a paid order at its price and the move issuance → partner account; key: a repeat answers the first sale; ' +
      '409 when suspended',
    partnerSellBody,
    (ctx) => sellCloud(ctx, ctx.body.partner, ctx.body.amount, ctx.body.note ?? '', ctx.body.key),
  ),
  post(PE, 'orders/confirm', "Confirms a partner's pending order as paid: the chips move issuance → partner", cloudOrderDecisionBody, (ctx) =>
    decideOrder(ctx, ctx.body.id, true, ctx.body.note),
  ),
  post(PE, 'orders/cancel', 'Cancels a pending order', cloudOrderDecisionBody, (ctx) => decideOrder(ctx, ctx.body.id, false, ctx.body.note)),
  post(
    PE,
    'stoploss',
    "Checks every active partner's open losses against its deposit and suspends those that reach it (each in the operation log)",
    z.strictObject({}),
    (ctx) => checkStopLoss(ctx.db, ctx.user, ctx.now, ctx.ip),
  ),

  // /platmanager/defalutediter: one versioned document
  defineOperation({
    method: 'GET',
    url: `/api${DE}`,
    name: 'platmanager.defalutediter.get',
    screen: DE,
    tags,
    response: answer(partnerDefaults),
    summary: 'The defaults a new partner starts with',
    handler: async ({ db }) => ok((await readDefaults(db)) ?? DEFAULTS),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${DE}/save`,
    name: 'platmanager.defalutediter.save',
    screen: DE,
    tags,
    audit: true,
    body: partnerDefaults,
    response: answer(partnerDefaults),
    summary: 'Overwrites the defaults (a new version; existing partners keep theirs)',
    handler: async (ctx) => ok((await saveItem(ctx, defaultItems, '', 'update', () => ctx.body)).doc),
  }),
  ...versionOperations(defaultItems, { base: `/api${DE}/versions`, name: 'platmanager.defalutediter.versions', tags }).filter(
    (op) => !op.url.endsWith('/restore'),
  ),
  defineOperation({
    method: 'POST',
    url: `/api${DE}/versions/restore`,
    name: 'platmanager.defalutediter.versions.restore',
    screen: DE,
    tags,
    audit: true,
    body: restoreVersionBody,
    response: answer(z.object({ version: z.number(), doc: z.unknown() })),
    summary: 'Restores one version of the defaults (a new version); 404 unknown version',
    handler: async (ctx) => ok(await restoreVersion(ctx, defaultItems, ctx.body.id)),
  }),

  // /platmanager/coinediter and coinlogs: the platform's dealers
  ...listOperations(dealersList(true)),
  ...listOperations(loadsList),
  post(
    CE,
    'create',
    'Creates a platform coin dealer (price and daily limit default from the partner defaults); 409 same name',
    dealerCreateBody.omit({ partner: true }),
    (ctx) => createDealer(ctx, 0, ctx.body),
  ),
  post(CE, 'update', "Changes a platform dealer's name, price or daily limit", dealerUpdateBody, (ctx) => updateDealer(ctx, true, ctx.body)),
  post(CE, 'freeze', 'Freezes (frozen: true) or unfreezes a platform dealer, with a reason', dealerFreezeBody, (ctx) =>
    freezeDealer(ctx, true, ctx.body.id, ctx.body.frozen, ctx.body.reason),
  ),
  post(CE, 'loads/request', 'Asks for a stock load of a platform dealer (another account approves it)', stockLoadBody, (ctx) =>
    requestLoad(ctx, ctx.body.dealer, ctx.body.amount, ctx.body.note),
  ),
  post(
    CE,
    'loads/decide',
    'Approves (the chips move issuance → dealer) or rejects a requested load; 403 for the account that asked',
    stockLoadDecisionBody,
    (ctx) => decideLoad(ctx, ctx.body.id, ctx.body.approve, ctx.body.note),
  ),
  post(
    CE,
    'sell',
    "Records a platform dealer's sale to a player within its daily limit: stock → the player's chips; key: a repeat answers the first",
    dealerSaleBody,
    (ctx) => sell(ctx, true, ctx.body),
  ),
  ...listOperations(salesList),
  ...listOperations(saleDaysList),

  // /partnermanager/partnerCoinLogs
  ...listOperations(movementsList),
  ...listOperations(ordersList(PCL, '/api/partnermanager/partnerCoinLogs/orders')),
  post(PCL, 'buy', 'A partner asks to buy cloud chips: a pending order at its price, paid when the platform confirms it', cloudOrderBody, (ctx) =>
    requestCloud(ctx, partnerFor(ctx.user, ctx.body.partner), ctx.body.amount, ctx.body.note),
  ),
  post(PCL, 'orders/cancel', 'The partner cancels one of its pending orders', cloudOrderDecisionBody, (ctx) =>
    decideOrder(ctx, ctx.body.id, false, ctx.body.note),
  ),
  post(PCL, 'give', "Hands cloud chips to one of the partner's players (partner account → the player's chips), with a reason", playerChipsBody, (ctx) =>
    giveToPlayer(ctx, partnerFor(ctx.user, ctx.body.partner), ctx.body.uid, ctx.body.amount, ctx.body.reason, ctx.body.key),
  ),
  post(
    PCL,
    'reclaim',
    "Takes cloud chips back from one of the partner's players (its chips → partner account), with a reason; 409 insufficient",
    playerChipsBody,
    (ctx) => reclaimFromPlayer(ctx, partnerFor(ctx.user, ctx.body.partner), ctx.body.uid, ctx.body.amount, ctx.body.reason, ctx.body.key),
  ),

  // /partnermanager/coinbusiness
  ...listOperations(dealersList(false)),
  post(CB, 'create', "Creates one of the partner's coin dealers (price and limit default from the partner's settings)", dealerCreateBody, (ctx) =>
    createDealer(ctx, partnerFor(ctx.user, ctx.body.partner), ctx.body),
  ),
  post(CB, 'update', "Changes a dealer's name, price or daily limit", dealerUpdateBody, (ctx) => updateDealer(ctx, false, ctx.body)),
  post(CB, 'freeze', 'Freezes or unfreezes a dealer, with a reason', dealerFreezeBody, (ctx) =>
    freezeDealer(ctx, false, ctx.body.id, ctx.body.frozen, ctx.body.reason),
  ),
  post(
    CB,
    'stock',
    "Hands stock to a dealer: the partner's cloud chips → the dealer's account; 409 insufficient, frozen or suspended",
    dealerStockBody,
    (ctx) => handStock(ctx, ctx.body.id, ctx.body.amount, false, ctx.body.key),
  ),
  post(CB, 'unstock', "Takes stock back from a dealer into the partner's cloud chips", dealerStockBody, (ctx) =>
    handStock(ctx, ctx.body.id, ctx.body.amount, true, ctx.body.key),
  ),
  post(CB, 'sell', "A dealer sells to one of the partner's players within its daily limit: stock → the player's chips", dealerSaleBody, (ctx) =>
    sell(ctx, false, ctx.body),
  ),

  // /partnermanager/accounttransfer
  ...listOperations(transfersList),
  defineOperation({
    method: 'GET',
    url: `/api${AT}/accounts`,
    name: 'partnermanager.accounttransfer.accounts',
    screen: AT,
    tags,
    query: z.strictObject({ partner: queryInt(1, 2_147_483_647).optional() }),
    response: answer(z.array(partnerAccountItem)),
    summary: "The partner's accounts (its cloud chips, its dealers' stock) with their balances",
    handler: async ({ db, user, query }) =>
      ok(
        (await partnerAccounts(db, partnerFor(user, query.partner))).map((a) => ({
          id: a.id,
          kind: a.kind,
          owner: a.owner,
          name: a.name,
          balance: a.balance,
        })),
      ),
  }),
  post(
    AT,
    'request',
    "Asks for a transfer (account: chips between two of the partner's accounts; player / agent: to another partner); done at once up to " +
      "the partner's threshold, else pending until a second account approves",
    transferBody,
    (ctx) => requestTransfer(ctx, partnerFor(ctx.user, ctx.body.partner), ctx.body),
  ),
  post(AT, 'decide', 'Approves (the transfer is made) or rejects a pending transfer; 403 for the account that asked (four eyes)', transferDecisionBody, (ctx) =>
    decideTransfer(ctx, ctx.body.id, ctx.body.approve, ctx.body.note),
  ),

  // /partnermanager/partnersum
  ...listOperations(billsList),
  post(
    PS,
    'create',
    "A draft bill of whole GMT+08:00 days that have ended, computed from the partner account's entries and the games' house take",
    billCreateBody,
    (ctx) => createBill(ctx, partnerFor(ctx.user, ctx.body.partner), ctx.body.from, ctx.body.to),
  ),
  post(
    PS,
    'adjust',
    'Adjusts the latest draft bill with a reason: chips issuance ↔ partner, counted in the bill (platform accounts only)',
    billAdjustBody,
    (ctx) => adjustBill(ctx, ctx.body.id, ctx.body.amount, ctx.body.reason),
  ),
  post(
    PS,
    'step',
    'confirm (draft → confirmed), settle (confirmed → settled; platform accounts only) or dispute (confirmed → disputed; note required)',
    billStepBody,
    (ctx) => stepBill(ctx, ctx.body.id, ctx.body.action, ctx.body.note),
  ),
];

export const partnerPlatformOperations: PlatformOperation[] = [];

/** The screens of this domain, for tests that go over every operation. */
export const PARTNER_SCREENS = [PE, DE, CE, CL, PCL, CB, AT, PS];
