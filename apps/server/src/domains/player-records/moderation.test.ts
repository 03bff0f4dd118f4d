/**
 * The feedback and tip-off actions: reply, close and handle with their operation-log records
 * (before/after), the 409s of bad transitions, 404 outside the record's reach, roles before
 * validation, 400s naming the field; and a property over both action kinds: whatever the
 * body, no 5xx, and an answer other than 200 writes nothing (records and log unchanged).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { testApp, type TestApp } from '../../test/harness';
import { seedRecords, type Fixture } from './test-fixtures';

describe.each(databases())('feedback and tip-off actions on $kind', (db) => {
  let t: TestApp;
  let service: string;
  let fx: Fixture;

  beforeAll(async () => {
    t = await testApp(db);
    fx = await seedRecords(t.database.db);
    service = await t.loginAs('service');
  });
  afterAll(async () => {
    await t.close();
  });

  const lastLog = () => t.database.db.selectFrom('operation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const feedbackRow = (id: number) => t.database.db.selectFrom('player_feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const post = (path: string, body: unknown, token = service) => t.post(`/api/usermanager/${path}`, body, token);

  it('reply: open → replied with the reply, who and when; logged with before and after', async () => {
    const id = fx.feedback[1].id;
    const res = await post('feedback/reply', { id, reply: '  Refunded, sorry! <b>ok</b>' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      status: 'replied',
      reply: '  Refunded, sorry! <b>ok</b>',
      handledBy: 'service',
      handledAt: '2026-11-22T18:00:00.000+08:00',
    });
    const log = await lastLog();
    expect(log).toMatchObject({ username: 'service', operation: 'usermanager.feedback.reply', target: `feedback:${id}`, result: 'ok' });
    expect(log.before).toEqual({ status: 'open', reply: '', handledBy: '', handledAt: null });
    expect(log.after).toEqual({ status: 'replied', reply: '  Refunded, sorry! <b>ok</b>', handledBy: 'service', handledAt: '2026-11-22T18:00:00.000+08:00' });
    // a second reply replaces the first (the log keeps both)
    expect((await post('feedback/reply', { id, reply: 'Follow-up' })).body.data.reply).toBe('Follow-up');
    expect((await lastLog()).before).toMatchObject({ reply: '  Refunded, sorry! <b>ok</b>' });
  });

  it('close: open or replied → closed; replying to or closing a closed one is a 409 that changes nothing', async () => {
    const id = fx.feedback[5].id; // replied
    const res = await post('feedback/close', { id });
    expect(res.body.data).toMatchObject({ id, status: 'closed', reply: 'earlier reply', handledBy: 'service' });
    expect(await lastLog()).toMatchObject({ operation: 'usermanager.feedback.close', before: { status: 'replied', handledBy: '', handledAt: null } });
    const before = await feedbackRow(id);
    const logBefore = await lastLog();
    expect(await post('feedback/reply', { id, reply: 'too late' })).toEqual({ status: 409, body: { code: 409, message: `Feedback ${id} is closed` } });
    expect(await post('feedback/close', { id })).toEqual({ status: 409, body: { code: 409, message: `Feedback ${id} is already closed` } });
    expect(await feedbackRow(id)).toEqual(before);
    const refused = await lastLog();
    expect(refused.id).toBeGreaterThan(logBefore.id); // the failed change is logged as such, not as a change
    expect(refused.result).toBe('failed');
  });

  it('handle: pending → valid | invalid with the note; a handled tip-off is a 409', async () => {
    const id = fx.tipoffs[0].id;
    const res = await post('tipoffs/handle', { id, verdict: 'valid', note: 'Confirmed from the game logs' }, await t.loginAs('serviceleader'));
    expect(res.body.data).toMatchObject({ id, status: 'valid', note: 'Confirmed from the game logs', handledBy: 'serviceleader' });
    const log = await lastLog();
    expect(log).toMatchObject({ operation: 'usermanager.tipoffs.handle', target: `tipoff:${id}`, result: 'ok' });
    expect(log.before).toEqual({ status: 'pending', note: '', handledBy: '', handledAt: null });
    expect(log.after).toMatchObject({ status: 'valid', note: 'Confirmed from the game logs', targetUid: 11 });
    expect(await post('tipoffs/handle', { id, verdict: 'invalid' })).toEqual({ status: 409, body: { code: 409, message: `Tip-off ${id} is already handled` } });
    expect((await post('tipoffs/handle', { id: fx.tipoffs[1].id, verdict: 'invalid' })).body.data).toMatchObject({ status: 'invalid', note: '' });
  });

  it('roles before validation; 400 naming the field; 404 for an unknown record', async () => {
    const partner = await t.loginAs('partner');
    expect((await post('feedback/reply', { nonsense: true }, partner)).status).toBe(403);
    expect((await post('tipoffs/handle', 'garbage', await t.loginAs('maint'))).status).toBe(403);
    const cases: [string, unknown, string][] = [
      ['feedback/reply', { id: fx.feedback[0].id }, 'reply: Required'],
      ['feedback/reply', { id: fx.feedback[0].id, reply: '   ' }, 'reply: Required'],
      ['feedback/reply', { id: fx.feedback[0].id, reply: 'x'.repeat(501) }, 'reply: Over 500 characters'],
      ['feedback/reply', { id: '1', reply: 'x' }, 'id'],
      ['feedback/reply', { id: 1.5, reply: 'x' }, 'id: Must be an integer'],
      ['feedback/close', { id: 0 }, 'id: Must be at least 1'],
      ['feedback/close', { id: 1, extra: 1 }, 'extra'],
      ['tipoffs/handle', { id: fx.tipoffs[2].id, verdict: 'maybe' }, 'verdict: Must be valid or invalid'],
      ['tipoffs/handle', { id: fx.tipoffs[2].id, verdict: 'valid', note: 'x'.repeat(201) }, 'note: Over 200 characters'],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await post('feedback/close', { id: 999_999 })).toEqual({ status: 404, body: { code: 404, message: 'Feedback 999999 not found' } });
    expect((await post('tipoffs/handle', { id: 999_999, verdict: 'valid' })).status).toBe(404);
  });

  it('property: any body to the actions → no 5xx, and nothing written unless 200', async () => {
    const snapshot = async () =>
      JSON.stringify([
        await t.database.db.selectFrom('player_feedback').selectAll().orderBy('id').execute(),
        await t.database.db.selectFrom('player_tipoff').selectAll().orderBy('id').execute(),
        (await t.database.db.selectFrom('operation_log').select('id').where('result', '=', 'ok').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0,
      ]);
    const ids = [...fx.feedback.map((f) => f.id), ...fx.tipoffs.map((r) => r.id), 0, -1, 999_999];
    const hostile = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', 'x'.repeat(501), 'valid', 'invalid'),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostile, weight: 1 });
    const bodyArb = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record(
          {
            id: field(fc.constantFrom(...ids)),
            reply: field(fc.string({ maxLength: 40 })),
            verdict: field(fc.constantFrom('valid', 'invalid')),
            note: field(fc.string({ maxLength: 20 })),
          },
          { requiredKeys: [] },
        ),
      },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), hostile, { maxKeys: 4 }) },
      { weight: 1, arbitrary: fc.constantFrom('null', '[]', '"x"', '{"a":', '{"__proto__":{"id":1}}') },
    );
    const roles = await Promise.all(['service', 'admin', 'partner', 'secadmin'].map((r) => t.loginAs(r)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('feedback/reply', 'feedback/close', 'tipoffs/handle'), bodyArb, fc.constantFrom(...roles), async (path, body, token) => {
        const before = await snapshot();
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/usermanager/${path}`,
          payload: typeof body === 'string' ? body : JSON.stringify(body),
          headers: { 'x-token': token, 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBeLessThan(500);
        const answer = JSON.parse(res.body) as { code: number };
        expect(answer.code).toBe(res.statusCode);
        if (res.statusCode !== 200) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 150 },
    );
  });
});
