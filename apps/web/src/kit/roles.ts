import { ROLES } from '@console/catalog';
import type { SelectOption } from './types';

/** The §1 roles as select options (role names are shown as they are: they are identifiers). */
export const ROLE_OPTIONS: SelectOption[] = ROLES.map((r) => ({ value: r, label: r, literal: true }));
export { ROLES };
