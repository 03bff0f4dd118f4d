/**
 * The console's day. Every day, week and month the console speaks of is one of GMT+08:00 (spec
 * §9: no daylight saving), on the server, in the web app, in the simulator and in the benches;
 * this module is the only place that knows the offset. Days are 'YYYY-MM-DD' strings, months
 * 'YYYY-MM', instants are Dates or epoch milliseconds. The database's own (report_day and the
 * report functions) is payment-reports/sql/report_day.sql; SQL built by the server takes
 * CONSOLE_SQL_OFFSET.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** The console's offset from UTC. */
export const CONSOLE_OFFSET_MINUTES = 8 * 60;
const OFFSET_MS = CONSOLE_OFFSET_MINUTES * 60_000;
/** The offset as ISO 8601 writes it. */
export const CONSOLE_ZONE = '+08:00';
/** The offset as a PostgreSQL interval: `((at AT TIME ZONE 'UTC') + <this>)::date` is the console day of `at`. */
export const CONSOLE_SQL_OFFSET = "interval '8 hours'";

type Instant = Date | number;
const ms = (at: Instant) => +at;
/** The instant as if UTC were GMT+08:00: its ISO text reads the console's wall clock. */
const wall = (at: Instant) => new Date(ms(at) + OFFSET_MS).toISOString();

/** The console day of an instant: '2026-11-22'. */
export const consoleDay = (at: Instant): string => wall(at).slice(0, 10);
/** The console month of an instant: '2026-11'. */
export const consoleMonth = (at: Instant): string => wall(at).slice(0, 7);
/** The console's wall clock of an instant, to the minute: '2026-11-22 18:05'. */
export const consoleMinute = (at: Instant): string => wall(at).slice(0, 16).replace('T', ' ');
/** The console's wall clock of an instant, to the second: '2026-11-22 18:05:09'. */
export const consoleSecond = (at: Instant): string => wall(at).slice(0, 19).replace('T', ' ');
/** The hour of the console day an instant falls in, 0–23. */
export const consoleHour = (at: Instant): number => new Date(ms(at) + OFFSET_MS).getUTCHours();
/** The weekday of the console day an instant falls in, 0 (Sunday) – 6. */
export const consoleWeekday = (at: Instant): number => new Date(ms(at) + OFFSET_MS).getUTCDay();
/** An instant as the API writes it: ISO 8601 in GMT+08:00, '2026-11-22T18:00:00.000+08:00'. */
export const consoleIso = (at: Instant): string => wall(at).replace('Z', CONSOLE_ZONE);

/** The instant a console day starts (00:00 GMT+08:00). */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
/** The instant the console day holding `at` started, in epoch milliseconds. */
export const startOfDayMs = (at: Instant): number => Math.floor((ms(at) + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
/** 00:00:00.000 of a day as ISO 8601 with the console's offset (a range's `from`). */
export const dayStartIso = (day: string): string => `${day}T00:00:00.000${CONSOLE_ZONE}`;
/** 23:59:59.999 of a day as ISO 8601 with the console's offset (a range's `to`). */
export const dayEndIso = (day: string): string => `${day}T23:59:59.999${CONSOLE_ZONE}`;
/** A wall-clock time of the console ('2026-11-22 18:05' or '2026-11-22T18:05:09') as ISO 8601 with the offset. */
export const wallIso = (text: string): string => {
  const t = text.trim().replace(' ', 'T');
  return `${t.length === 16 ? `${t}:00` : t}${CONSOLE_ZONE}`;
};

/** The day `n` days after `day` (before when negative). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The Monday of the console week holding `day` (weeks run Monday to Sunday). */
export const mondayOf = (day: string): string => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
/** The instant the first day of a month starts (`month` 1–12). */
export const monthStart = (year: number, month: number): Date => new Date(Date.UTC(year, month - 1, 1) - OFFSET_MS);
/** The first instant of the console month `months` after the one holding `at` (before when negative). */
export function monthAfter(at: Instant, months: number): Date {
  const [year, month] = consoleMonth(at).split('-').map(Number) as [number, number];
  return monthStart(year, month + months);
}
/** The `count` console months up to the one holding `at`, newest first: ['2026-11', '2026-10', …]. */
export function recentMonths(at: Instant, count: number): string[] {
  const [year, month] = consoleMonth(at).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - 1 - i, 1)).toISOString().slice(0, 7));
}
