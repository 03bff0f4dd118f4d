/**
 * The console day against the platform's own time zone database (Asia/Manila: GMT+08:00, no
 * daylight saving since 1990).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  consoleDay,
  consoleHour,
  consoleIso,
  consoleMinute,
  consoleMonth,
  consoleSecond,
  consoleWeekday,
  dayEndIso,
  dayStart,
  dayStartIso,
  mondayOf,
  monthStart,
  recentMonths,
  startOfDayMs,
  wallIso,
} from './index';

const manila = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});
const parts = (at: number) => Object.fromEntries(manila.formatToParts(at).map((p) => [p.type, p.value]));
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
// 2000 to 2100: the zone database's Manila kept daylight saving as late as 1990
const instants = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

describe('the console day', () => {
  it('is the wall clock of Asia/Manila, to the second', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const p = parts(at);
        expect(consoleDay(at)).toBe(`${p.year}-${p.month}-${p.day}`);
        expect(consoleMonth(at)).toBe(`${p.year}-${p.month}`);
        expect(consoleSecond(at)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`);
        expect(consoleMinute(at)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`);
        expect(consoleHour(at)).toBe(Number(p.hour));
        expect(WEEKDAYS[consoleWeekday(at)]).toBe(p.weekday);
        expect(Date.parse(consoleIso(at))).toBe(at);
      }),
      { numRuns: 500 },
    );
  });

  it('starts at 00:00 GMT+08:00: every instant lies in the day that starts at or before it and ends after it', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const day = consoleDay(at);
        const start = dayStart(day).getTime();
        expect(startOfDayMs(at)).toBe(start);
        expect(start).toBeLessThanOrEqual(at);
        expect(dayStart(addDays(day, 1)).getTime()).toBeGreaterThan(at);
        expect(Date.parse(dayStartIso(day))).toBe(start);
        expect(Date.parse(dayEndIso(day))).toBe(dayStart(addDays(day, 1)).getTime() - 1);
        expect(consoleDay(start)).toBe(day);
        expect(consoleDay(start - 1)).toBe(addDays(day, -1));
      }),
      { numRuns: 500 },
    );
  });

  it('names weeks by their Monday and months by their first day', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const day = consoleDay(at);
        const monday = mondayOf(day);
        expect(WEEKDAYS[consoleWeekday(dayStart(monday))]).toBe('Mon');
        expect(monday <= day && addDays(monday, 7) > day).toBe(true);
        const [year, month] = consoleMonth(at).split('-').map(Number) as [number, number];
        expect(consoleDay(monthStart(year, month))).toBe(`${consoleMonth(at)}-01`);
      }),
      { numRuns: 300 },
    );
    expect(recentMonths(Date.parse('2026-01-01T00:30:00+08:00'), 3)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect(recentMonths(Date.parse('2025-12-31T16:30:00Z'), 1)).toEqual(['2026-01']);
  });

  it('reads the wall clock the screens send', () => {
    expect(wallIso('2026-11-22 18:00')).toBe('2026-11-22T18:00:00+08:00');
    expect(wallIso('2026-11-22T18:00:05')).toBe('2026-11-22T18:00:05+08:00');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
