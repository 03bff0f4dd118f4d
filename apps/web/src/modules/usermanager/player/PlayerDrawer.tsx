import { App, Drawer } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PLAYER_DETAIL_ROLES, PLAYER_PARAM } from '../../../kit/UidLink';
import { usePermission } from '../../../shell/Permission';
import { PlayerDetailView } from './PlayerDetailView';

/**
 * The player detail over any screen, open while the URL holds `player=<uid>` (so a link to
 * it can be shared); closing removes the parameter. Mounted by the shell (ShellRoot), loaded
 * only when a uid is asked for. Accounts that may not open the detail see nothing.
 */
export default function PlayerDrawer() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const allowed = usePermission(PLAYER_DETAIL_ROLES);
  const raw = search.get(PLAYER_PARAM);
  const uid = raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  if (!allowed || uid === null) return null;
  const close = () =>
    setSearch((prev) => {
      const p = new URLSearchParams(prev);
      p.delete(PLAYER_PARAM);
      return p;
    });
  return (
    <Drawer open onClose={close} title={t('usermanager.player.title', { uid })} size="min(960px, 100vw)" destroyOnHidden>
      <App component={false}>
        <PlayerDetailView key={uid} uid={uid} />
      </App>
    </Drawer>
  );
}
