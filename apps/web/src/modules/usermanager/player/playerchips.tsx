/**
 * /usermanager/playerchips (hidden catalogue route: the roles of the detail's chip actions).
 * Reached by URL only: asks for a uid and opens the player detail, where the chip actions are.
 */
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PLAYER_PARAM } from '../../../kit/UidLink';
import { UID } from '../uid';

const L = 'usermanager.playerchips.';

export default function PlayerChipsScreen() {
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  return (
    <Card title={t(`${L}title`)}>
      <Typography.Paragraph type="secondary">{t(`${L}help`)}</Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={(v: { uid: number }) =>
          setSearch((prev) => {
            const p = new URLSearchParams(prev);
            p.set(PLAYER_PARAM, String(v.uid));
            return p;
          })
        }
      >
        <Form.Item name="uid" label={t(UID)} rules={[{ required: true, type: 'integer', min: 1, max: 2_147_483_647, message: t(`${L}uidRule`) }]}>
          <InputNumber precision={0} min={1} style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t(`${L}open`)}
        </Button>
      </Form>
    </Card>
  );
}
