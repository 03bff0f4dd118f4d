import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ActionDeclaration } from '../types';
import { actionLabel } from './useActionRunner';

/** Up to this many row actions show inline; past it, the first shows and the rest go into a "More" menu. */
export const INLINE_ROW_ACTIONS = 1;

interface Props<Row> {
  row: Row;
  actions: ActionDeclaration<Row>[];
  onStart: (action: ActionDeclaration<Row>, row: Row) => void;
  onDetail?: (row: Row) => void;
}

export function RowActions<Row>({ row, actions, onStart, onDetail }: Props<Row>) {
  const { t } = useTranslation();
  const inlineCount = actions.length <= INLINE_ROW_ACTIONS ? actions.length : 1;
  const inline = actions.slice(0, inlineCount);
  const more = actions.slice(inlineCount);
  const link = { type: 'link' as const, size: 'small' as const, style: { paddingInline: 4 } };
  return (
    <Space size={0}>
      {onDetail && (
        <Button {...link} onClick={() => onDetail(row)}>
          {t('kit.details')}
        </Button>
      )}
      {inline.map((a) => (
        <Button key={a.key} {...link} danger={a.danger} onClick={() => onStart(a, row)}>
          {t(actionLabel(a, row))}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({ key: a.key, label: t(actionLabel(a, row)), danger: a.danger })),
            onClick: ({ key }) =>
              onStart(
                more.find((a) => a.key === key)!,
                row,
              ),
          }}
        >
          <Button {...link}>
            {t('kit.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
