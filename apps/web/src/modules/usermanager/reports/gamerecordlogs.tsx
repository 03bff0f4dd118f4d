/**
 * /usermanager/gamerecordlogs: game records come from the games issue (rounds reported by the
 * platform). Until then the screen says so plainly: no data is invented and no endpoint exists.
 */
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

const L = 'usermanager.gamerecordlogs.';

export default function GamerecordlogsScreen() {
  const { t } = useTranslation();
  return (
    <Card title={t(`${L}title`)}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${L}empty`)} />
    </Card>
  );
}
