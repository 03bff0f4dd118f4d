import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderCell } from '../cells';
import type { DetailDeclaration } from '../types';

/** The detail drawer of a row: every declared item, JSON values as readable blocks. */
export function DetailDrawer<Row>({ detail, row, onClose }: { detail: DetailDeclaration<Row>; row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={row !== null} onClose={onClose} title={t(detail.title)} size="large" destroyOnHidden>
      {row !== null && (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 140, whiteSpace: 'nowrap' } }}>
          {detail.items.map((item) => (
            <Descriptions.Item key={item.key} label={t(item.title)}>
              <div style={{ overflowX: 'auto', wordBreak: 'break-all' }}>{renderCell(item, row, t)}</div>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Drawer>
  );
}
