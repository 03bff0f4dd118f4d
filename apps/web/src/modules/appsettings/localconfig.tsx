/** /remoteconfig/sms/localconfig: SMS providers for domestic numbers (the shape of providers.tsx). */
import { providerDeclarations } from './providers';
import { ItemScreenView } from './shape';

export const localconfig = providerDeclarations('localconfig');

export default function LocalconfigScreen() {
  return <ItemScreenView {...localconfig} />;
}
