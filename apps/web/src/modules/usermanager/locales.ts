/** Strings of /usermanager: each part's file holds its screens' keys; all sit under 'usermanager'. */
import common from './locales/common';
import issuing from './locales/issuing';
import lists from './locales/lists';
import payments from './locales/payments';
import players from './locales/players';
import records from './locales/records';
import reports from './locales/reports';

export default {
  en: { usermanager: { ...common.en, ...lists.en, ...players.en, ...issuing.en, ...reports.en, ...records.en, ...payments.en } },
  zh: { usermanager: { ...common.zh, ...lists.zh, ...players.zh, ...issuing.zh, ...reports.zh, ...records.zh, ...payments.zh } },
};
