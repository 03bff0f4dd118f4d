import { PLAYER_SCREENS } from '@console/schemas';
import { screenRoles } from '@console/catalog';
import { Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { hasAnyRole } from '../shell/session';
import { useSession } from '../shell/useSession';

/** The URL query parameter the shell's player drawer follows. */
export const PLAYER_PARAM = 'player';

/** Roles that may open a player's detail: those of its catalogue screen, as the server checks. */
export const PLAYER_DETAIL_ROLES = screenRoles(PLAYER_SCREENS.detail);

/**
 * A player uid shown as a link that opens the player detail drawer on top of the current
 * screen (`?player=<uid>` added to the URL, so the link can be shared). For an account that
 * may not open the detail it stays plain text.
 */
export function UidLink({ uid }: { uid: number | string }) {
  const [search, setSearch] = useSearchParams();
  const { user } = useSession();
  const text = String(uid);
  if (!/^\d{1,10}$/.test(text) || !hasAnyRole(user, PLAYER_DETAIL_ROLES)) return <>{text}</>;
  const next = new URLSearchParams(search);
  next.set(PLAYER_PARAM, text);
  return (
    <Typography.Link
      href={`?${next.toString()}`}
      data-player-uid={text}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        setSearch((prev) => {
          const p = new URLSearchParams(prev);
          p.set(PLAYER_PARAM, text);
          return p;
        });
      }}
    >
      {text}
    </Typography.Link>
  );
}
