/**
 * /usermanager/search: one look-up by a key (uid, name prefix, phone, device, IP, GCash, share
 * id) and a value (GET /api/usermanager/search, keyset, server CSV export). A phone look-up
 * needs the country code as well (§5): the hint says so, and the server refuses it without.
 */
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEARCH_KEYS, type PlayerSearchItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { playerColumns } from './players';

const L = 'usermanager.search.';

export const searchScreen: ListDeclaration<PlayerSearchItem> = {
  name: 'search',
  title: `${L}title`,
  api: { url: '/usermanager/search', mode: 'cursor', export: true },
  rowKey: 'uid',
  filters: [
    { kind: 'select', name: 'key', label: `${L}key`, options: SEARCH_KEYS.map((value) => ({ value, label: `${L}keys.${value}` })) },
    { kind: 'text', name: 'country', label: `${L}country` },
    { kind: 'text', name: 'value', label: `${L}value` },
  ],
  emptyHint: `${L}emptyHint`,
  // the server orders by name (any case) then uid: the one order every key is fast in
  columns: playerColumns(['name']),
};

export default function SearchScreen() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon message={t(`${L}hint`)} />
      <ListScreen decl={searchScreen} />
    </Flex>
  );
}
