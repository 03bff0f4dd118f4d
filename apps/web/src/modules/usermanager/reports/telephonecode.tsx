/**
 * /usermanager/telephonecode: verification texts sent (GET /api/usermanager/telephonecode:
 * keyset, newest first). §5: a phone look-up takes the country code and the number together.
 */
import type { SmsItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';

const L = 'usermanager.telephonecode.';

export const telephonecodeScreen: ListDeclaration<SmsItem> = {
  name: 'telephonecode',
  title: `${L}title`,
  api: { url: '/usermanager/telephonecode', mode: 'cursor', export: true },
  rowKey: 'id',
  filters: [
    { kind: 'text', name: 'country', label: `${L}country` },
    { kind: 'text', name: 'phone', label: `${L}phone` },
    { kind: 'text', name: 'provider', label: `${L}provider` },
    { kind: 'text', name: 'purpose', label: `${L}purpose` },
    { kind: 'dateRange', name: 'at', label: `${L}at` },
  ],
  columns: [
    { key: 'at', title: `${L}at`, format: 'datetime' },
    { key: 'phoneCountry', title: `${L}country`, render: (v) => `+${String(v)}`, text: (v) => `+${String(v)}` },
    { key: 'phoneNumber', title: `${L}phone` },
    { key: 'code', title: `${L}code` },
    { key: 'provider', title: `${L}provider` },
    { key: 'purpose', title: `${L}purpose` },
    { key: 'appId', title: `${L}appId` },
  ],
};

export default function TelephonecodeScreen() {
  return <ListScreen decl={telephonecodeScreen} />;
}
