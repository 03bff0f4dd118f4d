/**
 * Payment and cash-out channels, products, packages, the cash-out rules, platform
 * applications; the configuration history of each screen. Staff operations under
 * /api/remoteconfig/<screen>/ (roles from the catalogue screen) and the platform calls of the
 * contract. docs/api/remoteconfig.md.
 */
import {
  valueLabel,
  applicationCreateBody,
  applicationRotateBody,
  applicationScopesBody,
  applicationSecretAnswer,
  applicationUpdateBody,
  cashoutChannelConfigBody,
  cashoutRulesBody,
  configChannelRef,
  configPackageRef,
  configProductRef,
  paymentPackageConfigBody,
  rechargeChannelConfigBody,
  rechargeProductConfigBody,
  type CashoutChannelConfigBody,
  type PaymentPackageConfigBody,
  type RechargeChannelConfigBody,
  type RechargeProductConfigBody,
} from '@console/schemas';
import { z } from 'zod';
import { listOperations } from '../../http/list';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { APPLICATION, applicationItems, applicationList, createApplication, rotateSecret, setScopes, updateApplication } from './applications';
import { CASHOUT_EDITOR, cashoutChannelItems, cashoutChannelList, resetFailures } from './cashout-channels';
import { itemOperations } from '../../settings/item-operations';
import { PACKAGE_CONTROL, packageItems, packageList } from './packages';
import { channelKey, PAY_CONTROL, payControlItems, productKey, rechargeChannelList, rechargeProductList, type PayControlDoc } from './pay-control';
import { paymentConfigPlatform } from './platform';
import { saveItem, versionOperations } from '../../settings/versions';
import { cashoutRules, cashoutRulesItems, WITHDRAWAL_CONFIGS } from './withdrawal-rules';
import { channelOptions, packageOptions, partnerOptions, productOptions } from './options';

const tags = ['remoteconfig'];

const payControl: Operation[] = [
  ...listOperations(rechargeChannelList),
  ...listOperations(rechargeProductList),
  ...itemOperations<PayControlDoc, RechargeChannelConfigBody>({
    items: payControlItems,
    base: `/api${PAY_CONTROL}/channels`,
    name: 'remoteconfig.payControl.channels',
    what: 'recharge channel',
    body: rechargeChannelConfigBody,
    ref: configChannelRef,
    keyOf: (b) => channelKey(String(b.channel)),
  }),
  ...itemOperations<PayControlDoc, RechargeProductConfigBody>({
    items: payControlItems,
    base: `/api${PAY_CONTROL}/products`,
    name: 'remoteconfig.payControl.products',
    what: 'recharge product',
    body: rechargeProductConfigBody,
    ref: configProductRef,
    keyOf: (b) => productKey(String(b.productId)),
  }),
  defineOperation({
    method: 'GET',
    url: `/api${PAY_CONTROL}/options`,
    name: 'remoteconfig.payControl.options',
    screen: PAY_CONTROL,
    tags,
    summary: "What a channel's form offers: every product and every package (value = code, label = code and name)",
    response: z.object({ code: z.literal(200), data: z.object({ products: z.array(valueLabel), packages: z.array(valueLabel) }) }),
    handler: async ({ db }) => {
      const [products, packages] = await Promise.all([productOptions(db), packageOptions(db)]);
      return { code: 200, data: { products, packages } };
    },
  }),
  ...versionOperations(payControlItems),
];

const packageControl: Operation[] = [
  ...listOperations(packageList),
  ...itemOperations<PaymentPackageConfigBody, PaymentPackageConfigBody>({
    items: packageItems,
    base: `/api${PACKAGE_CONTROL}/packages`,
    name: 'remoteconfig.packageControl.packages',
    what: 'package',
    body: paymentPackageConfigBody,
    ref: configPackageRef,
    keyOf: (b) => String(b.package),
  }),
  defineOperation({
    method: 'GET',
    url: `/api${PACKAGE_CONTROL}/options`,
    name: 'remoteconfig.packageControl.options',
    screen: PACKAGE_CONTROL,
    tags,
    summary: "What a package's form offers: every recharge channel, and the partners the account may assign",
    response: z.object({ code: z.literal(200), data: z.object({ channels: z.array(valueLabel), partners: z.array(valueLabel) }) }),
    handler: async ({ db, user }) => {
      const [channels, partners] = await Promise.all([channelOptions(db), partnerOptions(db, user)]);
      return { code: 200, data: { channels, partners } };
    },
  }),
  ...versionOperations(packageItems),
];

const cashOutEdter: Operation[] = [
  ...listOperations(cashoutChannelList),
  ...itemOperations<CashoutChannelConfigBody, CashoutChannelConfigBody>({
    items: cashoutChannelItems,
    base: `/api${CASHOUT_EDITOR}/channels`,
    name: 'remoteconfig.cashOutEdter.channels',
    what: 'cash-out channel',
    body: cashoutChannelConfigBody,
    ref: configChannelRef,
    keyOf: (b) => String(b.channel),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${CASHOUT_EDITOR}/channels/resetFailures`,
    name: 'remoteconfig.cashOutEdter.channels.resetFailures',
    screen: CASHOUT_EDITOR,
    tags,
    audit: true,
    body: configChannelRef,
    summary: "Sets a channel's consecutive payout failures back to 0 (its status is left as it is); 404 unknown channel",
    handler: async ({ db, body, note, now }) => ({ code: 200, data: await resetFailures(db, body.channel, note, now) }),
  }),
  ...versionOperations(cashoutChannelItems),
];

const rulesAnswer = z.object({ code: z.literal(200), data: cashoutRulesBody });
const withdrawalconfigs: Operation[] = [
  defineOperation({
    method: 'GET',
    url: `/api${WITHDRAWAL_CONFIGS}`,
    name: 'remoteconfig.withdrawalconfigs.get',
    screen: WITHDRAWAL_CONFIGS,
    tags,
    summary: 'The cash-out rules in force: four-eyes amount (centavos), daily count, review hours (GMT+08:00)',
    response: rulesAnswer,
    handler: async ({ db }) => ({ code: 200, data: await cashoutRules(db) }),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${WITHDRAWAL_CONFIGS}/save`,
    name: 'remoteconfig.withdrawalconfigs.save',
    screen: WITHDRAWAL_CONFIGS,
    tags,
    audit: true,
    body: cashoutRulesBody,
    response: rulesAnswer,
    summary: 'Overwrites the cash-out rules (a new version)',
    handler: async ({ db, user, now, note, body }) => {
      const saved = await saveItem({ db, user, now, note }, cashoutRulesItems, '', 'update', () => body);
      return { code: 200, data: saved.doc };
    },
  }),
  ...versionOperations(cashoutRulesItems),
];

const application: Operation[] = [
  ...listOperations(applicationList),
  defineOperation({
    method: 'POST',
    url: `/api${APPLICATION}/applications/create`,
    name: 'remoteconfig.application.create',
    screen: APPLICATION,
    tags,
    audit: true,
    body: applicationCreateBody,
    response: applicationSecretAnswer,
    summary: 'Adds an application with a new secret, answered this once and never again; 409 when the id exists',
    handler: async ({ db, user, now, note, body }) => ({
      code: 200,
      data: await createApplication({ db, user, now, note }, body.appId, body.name, body.scopes, body.signatureVersion),
    }),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${APPLICATION}/applications/scopes`,
    name: 'remoteconfig.application.scopes',
    screen: APPLICATION,
    tags,
    audit: true,
    body: applicationScopesBody,
    summary:
      'Sets what an application may call (scopes with currencies, caps, event types, channels) and its signature version; every server applies it within a second; 404 unknown id',
    handler: async ({ db, user, now, note, body }) => ({
      code: 200,
      data: await setScopes({ db, user, now, note }, body.appId, body.scopes, body.signatureVersion),
    }),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${APPLICATION}/applications/rotate`,
    name: 'remoteconfig.application.rotate',
    screen: APPLICATION,
    tags,
    audit: true,
    body: applicationRotateBody,
    response: applicationSecretAnswer,
    summary: 'A new secret (answered this once); the current one keeps signing for overlapHours (0–168; 0: refused at once); 404 unknown id',
    handler: async ({ db, user, now, note, body }) => ({ code: 200, data: await rotateSecret({ db, user, now, note }, body.appId, body.overlapHours) }),
  }),
  defineOperation({
    method: 'POST',
    url: `/api${APPLICATION}/applications/update`,
    name: 'remoteconfig.application.update',
    screen: APPLICATION,
    tags,
    audit: true,
    body: applicationUpdateBody,
    summary: 'Renames an application and switches it on or off (off: every call it signs is refused); 404 unknown id',
    handler: async ({ db, user, now, note, body }) => ({
      code: 200,
      data: await updateApplication({ db, user, now, note }, body.appId, body.name, body.enabled),
    }),
  }),
  ...versionOperations(applicationItems),
];

export const paymentConfigOperations: Operation[] = [...payControl, ...packageControl, ...cashOutEdter, ...withdrawalconfigs, ...application];
export const paymentConfigPlatformOperations: PlatformOperation[] = paymentConfigPlatform;
