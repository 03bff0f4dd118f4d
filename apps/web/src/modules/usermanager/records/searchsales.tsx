/**
 * /usermanager/searchsales: the players registered with the signed-in account's share code
 * (GET /api/usermanager/searchsales, keyset, server CSV export). The server applies the code;
 * GET …/mine tells the screen which one, so that an account without a code is told why its
 * list is empty, and admin (who sees every player) gets the share-code filter.
 */
import { Alert, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlayerSearchItem, SalesScope } from '@console/schemas';
import { ListScreen, type FilterDeclaration, type ListDeclaration } from '../../../kit';
import { UID } from '../uid';
import { request } from '../../../shell/request';
import { P, playerColumns } from './players';

const L = 'usermanager.searchsales.';

const common: FilterDeclaration[] = [
  { kind: 'number', name: 'uid', label: UID },
  { kind: 'text', name: 'name', label: `${P}name` },
  { kind: 'dateRange', name: 'registered', label: `${P}registeredAt` },
];

/** The declaration for an account that sees every player (with the share-code filter) or only its own. */
export function searchsalesScreen(seesAll: boolean): ListDeclaration<PlayerSearchItem> {
  return {
    name: 'searchsales',
    title: `${L}title`,
    api: { url: '/usermanager/searchsales', mode: 'cursor', export: true },
    rowKey: 'uid',
    filters: seesAll ? [{ kind: 'text', name: 'shareCode', label: `${L}shareCode` }, ...common] : common,
    columns: playerColumns(['uid', 'registeredAt']),
  };
}

export default function SearchsalesScreen() {
  const { t } = useTranslation();
  const scope = useQuery({
    queryKey: ['searchsales-scope'],
    queryFn: async () => (await request<SalesScope>('GET', '/usermanager/searchsales/mine', { silent: true })).data as SalesScope,
    retry: false,
  });
  const seesAll = scope.data?.seesAll ?? false;
  return (
    <Flex vertical gap={12}>
      {scope.data &&
        !seesAll &&
        (scope.data.shareCode === null ? (
          <Alert type="warning" showIcon message={t(`${L}noCode`)} />
        ) : (
          <Alert type="info" showIcon message={t(`${L}ownCode`, { code: scope.data.shareCode })} />
        ))}
      <ListScreen key={seesAll ? 'all' : 'own'} decl={searchsalesScreen(seesAll)} />
    </Flex>
  );
}
