/** Times leave the API as ISO 8601 in GMT+08:00 (`2026-11-22T18:00:00.000+08:00`), the console's zone. */
import { consoleIso } from '@console/time';

export function isoInConsoleZone(value: Date | string): string;
export function isoInConsoleZone(value: Date | string | null): string | null;
export function isoInConsoleZone(value: Date | string | null): string | null {
  if (value === null) return null;
  return consoleIso(value instanceof Date ? value : new Date(value));
}
