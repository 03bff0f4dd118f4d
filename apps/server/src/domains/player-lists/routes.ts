/** The list and report screens of /usermanager about players and their money. */
import type { Operation } from '../../http/operation';

export const playerListOperations: Operation[] = [];
