import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, request, setRequestFeedback, setTransport, TWO_FACTOR_REQUIRED } from './request';

const shown: string[] = [];
setRequestFeedback({ error: (m) => shown.push('toast:' + m), expired: (m) => shown.push('expired:' + m), twoFactor: () => shown.push('twoFactor') });
const answer = (status: number, body: unknown) => setTransport(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  shown.length = 0;
});

describe('request layer errors (§8)', () => {
  it('resolves with the whole body on code 200', async () => {
    answer(200, { code: 200, data: { total: 1 }, extra: 'x' });
    expect(await request('GET', '/a')).toEqual({ code: 200, data: { total: 1 }, extra: 'x' });
    expect(shown).toEqual([]);
  });

  it('code -1 asks the shell for the expiry dialog and rejects with the server message', async () => {
    answer(401, { code: -1, message: 'Your login has expired, please log in again' });
    await expect(request('GET', '/a')).rejects.toMatchObject({ code: -1, status: 401, message: 'Your login has expired, please log in again' });
    expect(shown).toEqual(['expired:Your login has expired, please log in again']);
  });

  it('code -1 without a message rejects with "Error"; handleExpiry:false skips the dialog', async () => {
    answer(401, { code: -1 });
    await expect(request('GET', '/a', { handleExpiry: false })).rejects.toMatchObject({ code: -1, message: 'Error' });
    expect(shown).toEqual([]);
  });

  it('an error code shows the toast with the message unless silent', async () => {
    answer(403, { code: 403, message: 'Forbidden' });
    const err = await request('POST', '/a', { data: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(shown).toEqual(['toast:Forbidden']);
    shown.length = 0;
    await expect(request('POST', '/a', { silent: true })).rejects.toMatchObject({ code: 403 });
    expect(shown).toEqual([]);
  });

  it('the server asking for an authenticator first goes to the two-factor handler, silent call or not, without the toast', async () => {
    answer(403, { code: 403, message: TWO_FACTOR_REQUIRED });
    await expect(request('GET', '/a', { silent: true })).rejects.toMatchObject({ code: 403, message: TWO_FACTOR_REQUIRED });
    await expect(request('GET', '/a')).rejects.toMatchObject({ code: 403 });
    expect(shown).toEqual(['twoFactor', 'twoFactor']);
  });

  it('an HTTP error without a JSON body rejects with its status', async () => {
    setTransport(async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(request('GET', '/a')).rejects.toMatchObject({ code: 502, message: 'Bad Gateway' });
    expect(shown).toEqual(['toast:Bad Gateway']);
  });

  it('a network failure shows the toast and rejects', async () => {
    setTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request('GET', '/a')).rejects.toMatchObject({ code: 0, message: 'Failed to fetch' });
    expect(shown).toEqual(['toast:Failed to fetch']);
  });

  it('sends params as a query string without empty values and data as JSON', async () => {
    let seen = { url: '', body: '' };
    setTransport(async (url, init) => {
      seen = { url, body: String(init.body) };
      return new Response('{"code":200}');
    });
    await request('POST', '/x', { params: { page: 1, q: '', n: null, s: 'a b' }, data: { a: 1 } });
    expect(seen).toEqual({ url: '/api/x?page=1&s=a+b', body: '{"a":1}' });
  });
});
