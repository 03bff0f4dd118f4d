/** Player risk and responsible-gaming controls, /personalcontrol and /TPpersonalcontrol, enforced in the wallet (issue 7). Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const controlOperations: Operation[] = [];
export const controlPlatformOperations: PlatformOperation[] = [];
