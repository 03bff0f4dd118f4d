/** /usermanager screens of this part (see apps/web/src/modules/usermanager/index.ts for the split). */
import type { Operation } from '../../http/operation';

export const playerRecordsOperations: Operation[] = [];
