/**
 * SMS routing and logs, game store, award tables, regional blocking and allow lists; the platform
 * remote configuration. Staff operations under /api/remoteconfig/… (roles from each
 * catalogue screen), the signed platform calls; docs/api/appsettings.md.
 */
import { z } from 'zod';
import { defineOperation, type Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { allowList, awards, blocks, giftPacks, globalProviders, localProviders, SCREENS } from './kinds';
import { remoteConfigPlatform } from './platform';
import { smsOperations, smsPlatform } from './sms';
import { packageOptions } from '../payment-config/options';

export const appSettingOperations: Operation[] = [
  ...smsOperations,
  ...localProviders.operations,
  ...globalProviders.operations,
  ...giftPacks.operations,
  defineOperation({
    method: 'GET',
    url: `/api${SCREENS.gamestore}/options`,
    name: 'remoteconfig.gamestore.options',
    screen: SCREENS.gamestore,
    tags: ['appsettings'],
    summary: "What a gift pack's form offers: the store packages (value = package, label = package and name)",
    response: z.object({ code: z.literal(200), data: z.object({ packages: z.array(z.object({ value: z.string(), label: z.string() })) }) }),
    handler: async ({ db }) => {
      return { code: 200, data: { packages: await packageOptions(db) } };
    },
  }),
  ...awards.operations,
  ...blocks.operations,
  ...allowList.operations,
];
export const appSettingPlatformOperations: PlatformOperation[] = [...smsPlatform, ...remoteConfigPlatform];
