/** A player's detail and the staff actions on players (chips, safe, suspension, bans). */
import type { Operation } from '../../http/operation';

export const playerOperations: Operation[] = [];
