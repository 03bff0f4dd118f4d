/** Staff issuing: daily limits per permission group and the batch sends of chips and cash. */
import type { Operation } from '../../http/operation';

export const issuingOperations: Operation[] = [];
