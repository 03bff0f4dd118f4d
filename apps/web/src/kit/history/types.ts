import type { ConfigVersion } from '@console/schemas';
/** A configuration screen's history, as the screen declares it (kit/history/README.md). */
export interface HistoryDeclaration {
  /** The versions list, without the API base: '/remoteconfig/cashOutEdter/versions'; restore is `<url>/restore`. */
  url: string;
  /** false: the history can be read and compared but not restored (e.g. applications: no secret is kept). */
  restorable?: boolean;
  /** i18n key of a field of the item's document, for the compare view (absent or missing: the field's name). */
  fieldLabel?: (field: string) => string;
  /** A field's value as shown in the compare view (e.g. centavos as pesos); undefined: as it is. */
  formatValue?: (field: string, value: unknown) => string | undefined;
  /** How an item's key reads ('channel:gcash' → 'Channel gcash'); '' is the screen as a whole. */
  keyLabel?: (key: string) => string;
}

/** One version as the server lists it (GET <url>). */
export type Version = ConfigVersion;
