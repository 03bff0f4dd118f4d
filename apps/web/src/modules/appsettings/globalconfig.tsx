/** /remoteconfig/sms/globalconfig: SMS providers for international numbers (the shape of providers.tsx). */
import { providerDeclarations } from './providers';
import { ItemScreenView } from './shape';

export const globalconfig = providerDeclarations('globalconfig');

export default function GlobalconfigScreen() {
  return <ItemScreenView {...globalconfig} />;
}
