/**
 * /usermanager/emoteStat: per emote over a range (default the last 7 days, at most 31): uses,
 * players, chips spent (GET /api/usermanager/emoteStat: page mode, sort, server export).
 */
import type { EmoteStatItem } from '@console/schemas';
import { ListScreen, type ListDeclaration } from '../../../kit';
import { WithRange } from './range';

const L = 'usermanager.emoteStat.';

export const emoteStatScreen: ListDeclaration<EmoteStatItem> = {
  name: 'emoteStat',
  title: `${L}title`,
  api: { url: '/usermanager/emoteStat', mode: 'page', export: true },
  rowKey: 'emoteId',
  filters: [{ kind: 'dateRange', name: 'range', label: `${L}range` }],
  columns: [
    { key: 'emoteId', title: `${L}emoteId`, sortable: true },
    { key: 'uses', title: `${L}uses`, format: 'int', sortable: true },
    { key: 'players', title: `${L}players`, format: 'int', sortable: true },
    { key: 'chips', title: `${L}chips`, format: 'int', sortable: true },
  ],
};

export default function EmoteStatScreen() {
  return (
    <WithRange days={7}>
      <ListScreen decl={emoteStatScreen} />
    </WithRange>
  );
}
