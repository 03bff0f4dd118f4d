/** Strings of the built module screens (keys under the module's name); merged by the shell's i18n. */
import adminmanager from './adminmanager/locales';
import usermanager from './usermanager/locales';

export default {
  en: { ...adminmanager.en, ...usermanager.en },
  zh: { ...adminmanager.zh, ...usermanager.zh },
};
