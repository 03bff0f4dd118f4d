/**
 * Third-party game providers (JILI and others): the staff operations of the
 * jiligames and thirdgames screens (screens.ts, one shape declared per group). Providers report
 * their rounds with the `provider.round` event of the events call (rounds.ts) and move money
 * with the contract's wallet calls, so they need no platform call of their own.
 * docs/api/providers.md.
 */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';
import { providerScreens } from './screens';

export const providerOperations: Operation[] = providerScreens;
export const providerPlatformOperations: PlatformOperation[] = [];
