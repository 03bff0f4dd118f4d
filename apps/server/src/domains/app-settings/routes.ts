/**
 * SMS routing and logs, game store, award tables, regional blocking and allow lists; the platform
 * remote configuration (issue 8). Staff operations under /api/remoteconfig/… (roles from each
 * catalogue screen), the signed platform calls; docs/api/appsettings.md.
 */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { allowList, awards, blocks, giftPacks, globalProviders, localProviders } from './kinds';
import { remoteConfigPlatform } from './platform';
import { smsOperations, smsPlatform } from './sms';

export const appSettingOperations: Operation[] = [
  ...smsOperations,
  ...localProviders.operations,
  ...globalProviders.operations,
  ...giftPacks.operations,
  ...awards.operations,
  ...blocks.operations,
  ...allowList.operations,
];
export const appSettingPlatformOperations: PlatformOperation[] = [...smsPlatform, ...remoteConfigPlatform];
