/** Strings of the built module screens (keys under the module's name); merged by the shell's i18n. */
import adminmanager from './adminmanager/locales';

export default {
  en: { ...adminmanager.en },
  zh: { ...adminmanager.zh },
};
