import { z } from 'zod';
import { ROLES } from '@console/catalog';

/** One role of §1 (the list lives in the catalogue). */
export const roleSchema = z.enum(ROLES, { message: `Must be one of ${ROLES.join(', ')}` });

/** A non-empty list of distinct §1 roles. */
export const roleListSchema = z
  .array(roleSchema)
  .min(1, { message: 'At least one role' })
  .max(ROLES.length, { message: `At most ${ROLES.length} roles` })
  .refine((roles) => new Set(roles).size === roles.length, { message: 'Roles must be distinct' });
