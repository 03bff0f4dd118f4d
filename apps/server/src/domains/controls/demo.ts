import type { Db } from '../../db/open';

/** Demo configuration of controls (issue 7). */
export async function seedControls(_db: Db): Promise<void> {}
