/**
 * The one shape of a campaign row (columns and the list declaration), used by the details
 * screen (with filters, sent campaigns) and the dashboard (the range's campaigns side by side).
 */
import { screenRoles } from '@console/catalog';
import type { CampaignItem } from '@console/schemas';
import type { ColumnDeclaration, ListDeclaration } from '../../kit';
import { formatRoundUp2 } from '../../lib/format';

export const L = 'loseuser.';
/** Who may preview and send (the hidden catalogue route's roles: business, partner; admin). */
export const SEND_ROLES = screenRoles('/loseuser/sendcampaign');

const STATUS_LABELS = { running: `${L}statuses.running`, done: `${L}statuses.done`, cancelled: `${L}statuses.cancelled` };

export function campaignColumns(open?: (row: CampaignItem) => void): ColumnDeclaration<CampaignItem>[] {
  return [
    {
      key: 'id',
      title: 'ID',
      width: 70,
      ...(open
        ? {
            render: (v: unknown, row: CampaignItem) => (
              <a data-testid={`campaign-${row.id}`} onClick={() => open(row)}>
                {String(v)}
              </a>
            ),
            text: (v: unknown) => String(v),
          }
        : {}),
    },
    { key: 'name', title: `${L}name` },
    { key: 'createdAt', title: `${L}sentAt`, format: 'datetime', sortable: true },
    { key: 'segment', title: `${L}segment` },
    { key: 'reward', title: `${L}reward`, format: 'money' },
    { key: 'planned', title: `${L}planned`, format: 'int', sortable: true },
    { key: 'reached', title: `${L}reached`, format: 'int' },
    { key: 'claimed', title: `${L}claimed`, format: 'int' },
    { key: 'returned', title: `${L}returned`, format: 'int', sortable: true },
    { key: 'returnRate', title: `${L}returnRate`, format: 'percent' },
    { key: 'paid', title: `${L}paid`, format: 'int', sortable: true },
    { key: 'rewardCost', title: `${L}rewardCost`, format: 'money' },
    { key: 'recharge', title: `${L}recharge`, format: 'money', sortable: true },
    {
      key: 'returnOnCost',
      title: `${L}returnOnCost`,
      render: (v) => (v === null ? '-' : `${formatRoundUp2(v)}×`),
      text: (v) => (v === null ? '-' : formatRoundUp2(v)),
    },
    { key: 'status', title: `${L}status`, labels: STATUS_LABELS },
    { key: 'titleEn', title: `${L}titleEn`, hidden: true },
    { key: 'createdBy', title: `${L}createdBy` },
  ];
}

/** The campaigns list: `params` narrows it (the dashboard's range), `open` makes the id a link to its players. */
export function campaignsDecl(
  name: string,
  o: { params?: Record<string, string>; open?: (row: CampaignItem) => void; filters: boolean },
): ListDeclaration<CampaignItem> {
  return {
    name,
    title: `${L}campaigns`,
    api: { url: '/loseuser/campaigns', mode: 'page', export: true, params: o.params },
    rowKey: 'id',
    filters: o.filters
      ? [
          { kind: 'text', name: 'name', label: `${L}name` },
          { kind: 'text', name: 'createdBy', label: `${L}createdBy` },
          { kind: 'dateRange', name: 'createdAt', label: `${L}sentAt` },
        ]
      : [],
    columns: campaignColumns(o.open),
    emptyHint: o.filters ? `${L}noCampaigns` : undefined,
  };
}
