/**
 * The store's codes as the choices of a form: packages, products, recharge channels and partners
 * (value = the code, label = "code · name", or the code alone when it has no name). The
 * remote-configuration, app-settings, lobby and message screens offer them; a partner account
 * is offered its own packages and its own partner only.
 */
import type { ValueLabel } from '@console/schemas';
import type { Db } from '../../db/open';
import { ownPartnerFilter, type ScopedSubject } from '../../plugins/partner-scope';

const labelled = (value: string, name: string | null): ValueLabel => ({ value, label: name ? `${value} · ${name}` : value });

/** Every package, or those of the account's partner when `user` is given. */
export async function packageOptions(db: Db, user?: ScopedSubject): Promise<ValueLabel[]> {
  let q = db.selectFrom('payment_package').select(['package', 'name']).orderBy('package');
  if (user) q = q.where(ownPartnerFilter(user, 'partner'));
  return (await q.execute()).map((r) => labelled(r.package, r.name));
}

export async function productOptions(db: Db): Promise<ValueLabel[]> {
  const rows = await db.selectFrom('recharge_product').select(['product_id', 'name']).orderBy('sort_order').orderBy('product_id').execute();
  return rows.map((r) => labelled(r.product_id, r.name));
}

export async function channelOptions(db: Db): Promise<ValueLabel[]> {
  const rows = await db.selectFrom('recharge_channel').select(['channel', 'name']).orderBy('sort_order').orderBy('channel').execute();
  return rows.map((r) => labelled(r.channel, r.name));
}

/** The partners the account may assign: all of them, or a partner account's own. */
export async function partnerOptions(db: Db, user: ScopedSubject): Promise<ValueLabel[]> {
  const rows = await db.selectFrom('partner').select(['id', 'name']).where(ownPartnerFilter(user, 'id')).orderBy('id').execute();
  return rows.map((p) => ({ value: String(p.id), label: `${p.id} · ${p.name}` }));
}

/** The partner a package belongs to, or undefined when there is no such package. */
export async function packagePartner(db: Db, pkg: string): Promise<number | undefined> {
  return (await db.selectFrom('payment_package').select('partner').where('package', '=', pkg).executeTakeFirst())?.partner;
}
