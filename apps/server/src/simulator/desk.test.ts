/**
 * The staff desk of the demo seed, without a server: what the demo accounts do over 30 days,
 * by whom (roles from the catalogue), when (office hours), and that the players it blocks
 * stop logging in while a contract-faithful platform refuses nothing.
 */
import { mayAccess } from '@console/catalog';
import { consoleHour } from '@console/time';
import { describe, expect, it } from 'vitest';
import { runBackfill } from './backfill';
import { BackfillPlan } from './backfill-plan';
import { FakePlatform } from './fake-platform';
import type { Action, StaffOp } from './types';

const END = Date.parse('2026-11-22T10:00:00Z');

function generate(players: number, days: number): { actions: Action[]; plan: BackfillPlan } {
  const actions: Action[] = [];
  const plan = new BackfillPlan({ seed: 3, players, days, end: END, staff: true }, (a) => actions.push(a));
  for (let d = 0; d < days; d++) plan.day(d);
  plan.finish();
  return { actions, plan };
}

const SCREEN: Record<StaffOp['op'], string> = {
  'chips.add': '/usermanager/playerchips',
  'chips.reduce': '/usermanager/playerchips',
  ban: '/usermanager/banediter',
  unban: '/usermanager/banediter',
  suspend: '/usermanager/banediter',
  unsuspend: '/usermanager/banediter',
  'feedback.reply': '/usermanager/feedback',
  'feedback.close': '/usermanager/feedback',
  'tipoff.handle': '/usermanager/tipoffs',
  batch: '/usermanager/batchsendgold/sendgold',
  'cashout.review': '/usermanager/cashoutreview',
  'cashout.resolve': '/usermanager/cashoutreview',
  // only while the Tongits table servers play (tables.ts, set by the demo seed; tested in tables.test.ts)
  'cheat.flag': '/tinygames/tongitscheat/permanentcheat',
  'cheat.unflag': '/tinygames/tongitscheat/permanentcheat',
};
const TABLE_OPS: StaffOp['op'][] = ['cheat.flag', 'cheat.unflag'];

describe('simulator staff desk', () => {
  const { actions, plan } = generate(2000, 30);
  const staff = actions.flatMap((a) => (a.kind === 'staff' ? [{ at: a.at, op: a.staff }] : []));
  const ops = (name: StaffOp['op']) => staff.filter((s) => s.op.op === name).map((s) => s.op);

  it('does every kind of staff work, each by an account whose role may, in office hours', () => {
    for (const name of Object.keys(SCREEN) as StaffOp['op'][]) if (!TABLE_OPS.includes(name)) expect(ops(name).length, name).toBeGreaterThan(0);
    const bans = staff.flatMap((s) => (s.op.op === 'ban' ? [s.op] : []));
    expect(new Set(bans.map((b) => b.kind))).toEqual(new Set(['account', 'device', 'ip']));
    expect(ops('feedback.reply').length).toBeGreaterThan(10);
    expect(ops('tipoff.handle').length).toBeGreaterThan(5);
    for (const { at, op } of staff) {
      const screen = op.op === 'batch' && op.currency === 'withdrawable' ? '/usermanager/batchsendcash/sendcash' : SCREEN[op.op];
      expect(mayAccess(screen, { roles: [op.by as never], partner: 0 }), `${op.by} ${op.op}`).toBe(true);
      const hour = consoleHour(at);
      expect(hour, `${op.op} at ${new Date(at).toISOString()}`).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(19);
      expect(at).toBeLessThan(END);
      if ('reason' in op && op.reason !== undefined) expect(op.reason.length).toBeLessThanOrEqual(200);
    }
    // suspensions end in the future of their moment, some are lifted early
    for (const { at, op } of staff) if (op.op === 'suspend') expect(op.until).toBeGreaterThan(at);
    expect(ops('unsuspend').length).toBeGreaterThan(0);
  });

  it('sends three chip batches (admin) and one cash batch (secadmin) of a few dozen players each', () => {
    const batches = ops('batch') as Extract<StaffOp, { op: 'batch' }>[];
    expect(batches.map((b) => [b.by, b.currency])).toEqual([
      ['admin', 'chip'],
      ['secadmin', 'withdrawable'],
      ['admin', 'chip'],
      ['admin', 'chip'],
    ]);
    for (const b of batches) {
      expect(b.lines.length).toBeGreaterThanOrEqual(20);
      expect(b.lines.length).toBeLessThanOrEqual(60);
      expect(new Set(b.lines.map(([uid]) => uid)).size).toBe(b.lines.length);
      for (const [, amount] of b.lines) expect(amount).toBeGreaterThan(0);
    }
    // within the issue limits of migration 006 (Admin 100,000,000 chips, Second Admin ₱50,000 a day)
    const total = (b: Extract<StaffOp, { op: 'batch' }>) => b.lines.reduce((n, [, amount]) => n + amount, 0);
    for (const b of batches) expect(total(b)).toBeLessThanOrEqual(b.currency === 'chip' ? 100_000_000 : 5_000_000);
  });

  it('bans a farm by its device or address, and no blocked player logs in', () => {
    const farmDevices = new Set(plan.players.filter((p) => p.cluster?.kind === 'farm').map((p) => p.deviceId));
    const bans = staff.flatMap((s) => (s.op.op === 'ban' ? [s.op] : []));
    expect(bans.some((b) => b.kind === 'device' && farmDevices.has(b.value))).toBe(true);
    const device = new Map(plan.players.map((p) => [p.uid, [p.deviceId, p.ip]] as const));
    const banned = new Set<string>();
    const suspended = new Map<number, number>();
    let logins = 0;
    for (const a of actions) {
      if (a.kind === 'staff') {
        const op = a.staff;
        if (op.op === 'ban') banned.add(`${op.kind}:${op.value}`);
        if (op.op === 'unban') banned.delete(`${op.kind}:${op.value}`);
        if (op.op === 'suspend') suspended.set(op.uid, op.until);
        if (op.op === 'unsuspend') suspended.delete(op.uid);
      } else if (a.kind === 'event' && a.event.type === 'player.login') {
        const { uid } = a.event.data;
        const [deviceId, ip] = device.get(uid)!;
        expect(banned.has(`account:${uid}`) || banned.has(`device:${deviceId}`) || banned.has(`ip:${ip}`), `login of ${uid}`).toBe(false);
        expect(a.at >= (suspended.get(uid) ?? 0), `login of suspended ${uid}`).toBe(true);
        logins++;
      }
    }
    expect(logins).toBeGreaterThan(1000);
  });

  it('is played by a contract-faithful platform without a refusal, ending where the model does', async () => {
    const platform = new FakePlatform();
    const result = await runBackfill({ seed: 3, players: 600, days: 20, end: END, transport: platform, staff: true });
    expect([...result.stats.rejections]).toEqual([]);
    expect(platform.staffDone.length).toBeGreaterThan(10);
    for (const [uid, s] of result.plan.world.balances()) {
      const b = platform.balances.get(uid)!;
      expect({ chip: b.chip, safe: b.safe, charisma: b.charisma, bean: b.bean, bonus: b.bonus }).toEqual(s);
    }
    // the same run gives the same staff work
    expect(JSON.stringify(generate(300, 5).actions)).toBe(JSON.stringify(generate(300, 5).actions));
  });
});
