/**
 * The demo seed's staff (desk.ts) at the console: every StaffOp is a real staff API call of
 * a demo account through the app's own routes (`app.inject` on an app built for the seed: no
 * socket, no batch worker), at the simulated moment (the app's clock), so roles, validation,
 * the ledger and the operation log work exactly as for a person at the console. Each account
 * signs in (POST /api/login) when its session would have lapsed, from its office address.
 *
 * A batch is created through its create route and then credited by the batch worker's own
 * step (advanceBatch) in process, at the same moment, until it is done: the seed never leaves
 * a batch running.
 *
 * Idempotent for a seed finished after a cut: an action whose operation-log record (account,
 * operation, moment) exists was done and answers 208 without a call; a batch found done that
 * way is still advanced to its end.
 */
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { advanceBatch } from '../domains/issuing/advance';
import { cashoutStaff, isCashoutOp } from './payments-staff';
import type { StaffAnswer, StaffOp } from './types';

/** Office addresses of the demo accounts (as the operation log shows them). */
export const OFFICE_IP: Record<string, string> = {
  admin: '203.177.52.10',
  secadmin: '203.177.52.11',
  business: '203.177.52.12',
  serviceleader: '203.177.52.14',
  service: '203.177.52.15',
};

const OPERATION: Record<Exclude<StaffOp['op'], 'batch' | 'cashout.review' | 'cashout.resolve'>, [url: string, name: string]> = {
  'chips.add': ['/api/players/chips/add', 'players.chips.add'],
  'chips.reduce': ['/api/players/chips/reduce', 'players.chips.reduce'],
  ban: ['/api/players/ban', 'players.ban'],
  unban: ['/api/players/unban', 'players.unban'],
  suspend: ['/api/players/suspend', 'players.suspend'],
  unsuspend: ['/api/players/unsuspend', 'players.unsuspend'],
  'feedback.reply': ['/api/usermanager/feedback/reply', 'usermanager.feedback.reply'],
  'feedback.close': ['/api/usermanager/feedback/close', 'usermanager.feedback.close'],
  'tipoff.handle': ['/api/usermanager/tipoffs/handle', 'usermanager.tipoffs.handle'],
  'cheat.flag': ['/api/tinygames/tongitscheat/permanentcheat/flag', 'tinygames.tongitscheat.permanentcheat.flag'],
  'cheat.unflag': ['/api/tinygames/tongitscheat/permanentcheat/unflag', 'tinygames.tongitscheat.permanentcheat.unflag'],
};

const BATCH: Record<'chip' | 'withdrawable', [url: string, name: string]> = {
  chip: ['/api/usermanager/batchsendgold/sendgold/create', 'usermanager.sendgold.create'],
  withdrawable: ['/api/usermanager/batchsendcash/sendcash/create', 'usermanager.sendcash.create'],
};

/** Lines a batch step credits (the worker's default is 200). */
const CHUNK = 200;

export interface StaffCarrier {
  staff(op: StaffOp, at: number): Promise<StaffAnswer>;
  close(): Promise<void>;
}

/** Every running batch advanced to its end at `at` (the worker's step, in process). */
export async function finishBatches(db: Db, at: number): Promise<number> {
  const running = await db.selectFrom('issue_batch').select('id').where('status', '=', 'running').orderBy('id').execute();
  for (const { id } of running) {
    while ((await advanceBatch(db, Number(id), CHUNK, new Date(at))) === 'advanced');
  }
  return running.length;
}

export async function staffCarrier(db: Db, config: ServerConfig, password: string): Promise<StaffCarrier> {
  let clock = config.now();
  const app = await buildApp({ db, config: { ...config, now: () => clock, webDist: undefined }, batchWorker: false });
  await app.ready();
  const sessions = new Map<string, { token: string; since: number; used: number }>();

  const call = async (by: string, url: string, body: unknown, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      remoteAddress: OFFICE_IP[by] ?? '203.177.52.20',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    });
    return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : {} };
  };

  /** A live session of `by` at `at`: signs in again when the last one would have lapsed. */
  const tokenOf = async (by: string, at: number): Promise<string> => {
    const s = sessions.get(by);
    if (s && at - s.used < config.session.idleMs - 60_000 && at - s.since < config.session.absoluteMs - 60_000) {
      s.used = at;
      return s.token;
    }
    const res = await call(by, '/api/login', { username: by, password });
    if (res.json.code !== 200) throw new Error(`demo staff ${by} cannot sign in: ${JSON.stringify(res.json)}`);
    sessions.set(by, { token: res.json.accessToken, since: at, used: at });
    return res.json.accessToken as string;
  };

  const done = async (by: string, name: string, at: number) =>
    (await db
      .selectFrom('operation_log')
      .select('id')
      .where('at', '=', new Date(at))
      .where('username', '=', by)
      .where('operation', '=', name)
      .executeTakeFirst()) !== undefined;

  /** The body of the call: feedback, tip-offs and bans named by the console's ids. */
  const bodyOf = async (op: StaffOp): Promise<Record<string, unknown> | string> => {
    switch (op.op) {
      case 'chips.add':
      case 'chips.reduce':
        return { uid: op.uid, amount: op.amount, reason: op.reason, requestId: op.requestId };
      case 'ban':
        return { kind: op.kind, value: op.value, reason: op.reason };
      case 'unban': {
        const ban = await db
          .selectFrom('ban')
          .select('id')
          .where('kind', '=', op.kind)
          .where('value', '=', op.value)
          .where('active', '=', true)
          .executeTakeFirst();
        return ban ? { id: Number(ban.id), reason: op.reason } : `No active ${op.kind} ban of ${op.value}`;
      }
      case 'suspend':
        return { uid: op.uid, until: new Date(op.until).toISOString(), reason: op.reason };
      case 'unsuspend':
        return { uid: op.uid, reason: op.reason };
      case 'cheat.flag':
      case 'cheat.unflag':
        return { uid: op.uid, reason: op.reason };
      case 'feedback.reply':
      case 'feedback.close': {
        const row = await db.selectFrom('player_feedback').select('id').where('uid', '=', op.uid).where('at', '=', new Date(op.submittedAt)).executeTakeFirst();
        if (!row) return `No feedback of ${op.uid} at ${new Date(op.submittedAt).toISOString()}`;
        return op.op === 'feedback.reply' ? { id: Number(row.id), reply: op.reply } : { id: Number(row.id) };
      }
      case 'tipoff.handle': {
        const row = await db.selectFrom('player_tipoff').select('id').where('uid', '=', op.uid).where('at', '=', new Date(op.submittedAt)).executeTakeFirst();
        return row ? { id: Number(row.id), verdict: op.verdict, note: op.note } : `No tip-off of ${op.uid} at ${new Date(op.submittedAt).toISOString()}`;
      }
      case 'batch':
        return { text: ['uid,amount', ...op.lines.map(([uid, amount]) => `${uid},${amount}`)].join('\n'), reason: op.reason };
      default:
        return `Not a call of its own: ${op.op}`;
    }
  };

  return {
    async staff(op, at) {
      clock = at;
      // cash-out reviews: several calls of the review screen (payments-staff.ts)
      if (isCashoutOp(op)) return cashoutStaff(op, at, { db, password, call, tokenOf, done });
      const [url, name] = op.op === 'batch' ? BATCH[op.currency] : OPERATION[op.op];
      if (await done(op.by, name, at)) {
        if (op.op === 'batch') await finishBatches(db, at);
        return { status: 208, code: 208, message: 'Done before' };
      }
      const body = await bodyOf(op);
      if (typeof body === 'string') return { status: 404, code: 404, message: body };
      const res = await call(op.by, url, body, await tokenOf(op.by, at));
      if (res.status === 200 && op.op === 'batch') await finishBatches(db, at);
      return { status: res.status, code: res.json.code ?? res.status, message: res.json.message };
    },
    async close() {
      await app.close();
    },
  };
}
