/** /usermanager/coindealerlogs: coin dealers' chip sales with their price, newest first. */
import { ListScreen } from '../../../kit';
import { transferScreen } from './transfers';

export const coindealerlogsScreen = transferScreen('coindealerlogs');

export default function CoindealerlogsScreen() {
  return <ListScreen decl={coindealerlogsScreen} />;
}
