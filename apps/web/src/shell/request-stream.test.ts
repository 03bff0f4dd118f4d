/** requestStream: the request layer's GET for files read as they arrive (the kit's CSV export). */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, requestStream, setRequestFeedback, setTokenGetter, setTransport } from './request';

const shown: string[] = [];
setRequestFeedback({ error: (m) => shown.push('toast:' + m), expired: (m) => shown.push('expired:' + m) });
afterEach(() => {
  shown.length = 0;
});

describe('requestStream', () => {
  it('sends the token and app id, and hands over the body and the file name', async () => {
    let seen: { url: string; headers: Record<string, string> } | undefined;
    setTokenGetter(() => 'tok');
    setTransport(async (url, init) => {
      seen = { url, headers: init.headers as Record<string, string> };
      return new Response('\uFEFFa,b\r\n1,2\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="x-20261122-180000.csv"' },
      });
    });
    const answer = await requestStream('/usermanager/userlist/export', { params: { uid: 7, columns: '[{"key":"uid"}]' } });
    expect(seen!.url).toBe('/api/usermanager/userlist/export?uid=7&columns=%5B%7B%22key%22%3A%22uid%22%7D%5D');
    expect(seen!.headers).toMatchObject({ 'X-Token': 'tok', 'X-App-Id': 'console-web' });
    expect(answer.fileName).toBe('x-20261122-180000.csv');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(answer.body).arrayBuffer())).toBe('\uFEFFa,b\r\n1,2\r\n');
  });

  it('a refusal is an ApiError with the §8 feedback, like request', async () => {
    setTransport(
      async () =>
        new Response(JSON.stringify({ code: 400, message: 'uid: Must be an integer' }), { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    await expect(requestStream('/e')).rejects.toMatchObject({ code: 400, status: 400, message: 'uid: Must be an integer' });
    expect(shown).toEqual(['toast:uid: Must be an integer']);
    setTransport(async () => new Response(JSON.stringify({ code: -1, message: 'expired' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    await expect(requestStream('/e', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(['toast:uid: Must be an integer', 'expired:expired']);
  });

  it("the caller's signal cancels the body too", async () => {
    const controller = new AbortController();
    setTransport(
      async (_url, init) =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('a\r\n'));
              init.signal!.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { headers: { 'content-type': 'text/csv' } },
        ),
    );
    const answer = await requestStream('/e', { signal: controller.signal });
    const reader = answer.body.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
