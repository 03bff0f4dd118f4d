/** /usermanager/playtokplayer: chips transferred between players, newest first. */
import { ListScreen } from '../../../kit';
import { transferScreen } from './transfers';

export const playtokplayerScreen = transferScreen('playtokplayer');

export default function PlaytokplayerScreen() {
  return <ListScreen decl={playtokplayerScreen} />;
}
