/** /remoteconfig/whiteconfigs: players, devices and IP ranges exempt from the blocks (blocks.tsx). */
import { white } from './blocks';
import { ItemScreenView } from './shape';

export default function WhiteconfigsScreen() {
  return <ItemScreenView {...white} />;
}
