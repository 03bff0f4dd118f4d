/** /remoteconfig/shielddomesticconfigs: regions and IP ranges where the apps refuse to run (blocks.tsx). */
import { shield } from './blocks';
import { ItemScreenView } from './shape';

export default function ShielddomesticconfigsScreen() {
  return <ItemScreenView {...shield} />;
}
