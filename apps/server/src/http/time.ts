/** Times leave the API as ISO 8601 in GMT+08:00 (`2026-11-22T18:00:00.000+08:00`), the console's zone. */
const OFFSET_MS = 8 * 3_600_000;

export function isoInConsoleZone(value: Date | string | null): string | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + OFFSET_MS).toISOString().replace('Z', '+08:00');
}
