/**
 * /usermanager/telephonecode: verification texts the platform sent (sms.sent), newest first,
 * keyset paged by (at, id). §5: a phone look-up needs the country code and the number
 * together (`country` and `phone`); either alone is a 400.
 */
import { smsItem } from '@console/schemas';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { dateRange, defineList, eqText, sortBy, type FilterBuilder } from '../../http/list';
import { isoInConsoleZone } from '../../http/time';

const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`), { message: `Must be ${min} to ${max} digits` });

const phone: FilterBuilder = () => ({
  params: { country: digits(1, 4).optional(), phone: digits(4, 15).optional() },
  where: (v) => (v.country !== undefined && v.phone !== undefined ? sql<SqlBool>`phone_number = ${v.phone} AND phone_country = ${v.country}` : undefined),
  check: (v) => {
    if (v.phone !== undefined && v.country === undefined) return { param: 'country', message: 'Required with the phone number' };
    if (v.country !== undefined && v.phone === undefined) return { param: 'phone', message: 'Required with the country code' };
    return undefined;
  },
});

export const telephonecode = defineList({
  url: '/api/usermanager/telephonecode',
  name: 'usermanager.telephonecode',
  screen: '/usermanager/telephonecode',
  tags: ['player reports'],
  summary: 'Verification texts sent, newest first: filters country + phone (together), provider, purpose, from/to',
  paging: 'keyset',
  from: (db) => db.selectFrom('sms_log').select(['id', 'at', 'phone_country', 'phone_number', 'code', 'provider', 'purpose', 'app_id']),
  partner: null,
  id: 'id',
  filters: { phone, provider: eqText('provider', 64), purpose: eqText('purpose', 64), at: dateRange('at') },
  sorts: { at: sortBy.time('at') },
  defaultSort: { key: 'at', order: 'descend' },
  item: smsItem,
  row: (r) => ({
    id: r.id,
    at: isoInConsoleZone(r.at),
    phoneCountry: r.phone_country,
    phoneNumber: r.phone_number,
    code: r.code,
    provider: r.provider,
    purpose: r.purpose,
    appId: r.app_id,
  }),
});
