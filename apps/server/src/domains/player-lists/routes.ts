/** The list and report screens of /usermanager about players and their money. */
import type { Operation } from '../../http/operation';
import { listOperations } from '../../http/list';
import { goldlogs, moneylogs } from './ledger';
import { userlist } from './players';

export const playerListOperations: Operation[] = [...listOperations(userlist), ...listOperations(goldlogs), ...listOperations(moneylogs)];
