import { checkSession, DownloadLink, defineEndpoint, listSalons, SessionParams, updateOwnUser } from '@salon/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, callApi, downloadViaLink, errorMessageOf, isEmptyData, MESSAGES, setUnauthorizedHandler } from './api-client';
import { SESSION_CODE_KEY } from './session-code';

const CODE = 's1.abcdefghijklmnopqrstuvwxyz.9999999999.signature';

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('api client', () => {
  beforeEach(() => localStorage.setItem(SESSION_CODE_KEY, CODE));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('fills {SESSIONCODE} from the stored session code and appends the query', () => {
    expect(buildUrl(listSalons)).toBe(`/api/Salons/${CODE}`);
    expect(buildUrl(checkSession, { query: { sessionCode: 'a b' } })).toBe('/api/Sessions/Check/?sessionCode=a+b');
  });

  it('sends JSON with the session as a bearer header and returns the parsed answer', async () => {
    const fetchMock = answer(200, [{ id: 1 }]);
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(listSalons)).resolves.toEqual([{ id: 1 }]);
    await callApi(updateOwnUser, { body: { user: { language: 'it' } } });
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/user/update');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"user":{"language":"it"}}');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${CODE}`);
  });

  it('downloads a returned link: asks for the link, fetches its file with the session and saves it under the name given', async () => {
    const exportLink = defineEndpoint({
      method: 'GET',
      path: '/api/Test/Export/{SESSIONCODE}',
      summary: 'test',
      tags: [],
      params: SessionParams,
      response: DownloadLink,
    });
    const token = 'T'.repeat(43);
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/Test/')
        ? new Response(
            JSON.stringify({ link: `/api/Downloads/${CODE}/${token}`, fileName: 'Nps.xlsx', expiresAt: '2026-11-22T10:05:00.000Z' }),
          )
        : new Response('xlsx bytes'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await downloadViaLink(exportLink, {});
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/Test/Export/${CODE}`, `/api/Downloads/${CODE}/${token}`]);
    const second = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect((second[1].headers as Record<string, string>).Authorization).toBe(`Bearer ${CODE}`);
    expect(saved).toEqual(['Nps.xlsx']);
    click.mockRestore();
  });

  it("on a 401 runs the logout with 'Unauthorized Access'", async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Invalid session' }));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(callApi(listSalons)).rejects.toMatchObject({ status: 401, message: 'Unauthorized Access' });
    expect(onUnauthorized).toHaveBeenCalledWith('Unauthorized Access');
  });

  it('does not log out on a 401 the caller expects (sign-in)', async () => {
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'Failed to login', errors: {} }));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(callApi(listSalons, {}, { ignoreUnauthorized: true })).rejects.toMatchObject({ status: 401, message: 'Failed to login' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("reports a network failure and a server failure as 'something went wrong.', a client error with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(listSalons)).rejects.toMatchObject({ status: 0, message: 'something went wrong.' });
    vi.stubGlobal('fetch', answer(500, { message: 'relation does not exist' }));
    await expect(callApi(listSalons)).rejects.toMatchObject({ status: 500, message: 'something went wrong.' });
    vi.stubGlobal('fetch', answer(403, { message: 'Not your salon' }));
    await expect(callApi(listSalons)).rejects.toMatchObject({ status: 403, message: 'Not your salon' });
  });

  it('maps errors and empty data to the fixed messages', () => {
    expect(errorMessageOf(new ApiError(0, 'x'))).toBe(MESSAGES.failure);
    expect(errorMessageOf(new ApiError(502, 'x'), MESSAGES.staffFailure)).toBe('something went wrong jj.');
    expect(errorMessageOf(new ApiError(404, 'No such salon'))).toBe('No such salon');
    expect(errorMessageOf(new Error('boom'))).toBe('something went wrong.');
    expect([null, undefined, [], {}, ''].every(isEmptyData)).toBe(true);
    expect([[0], { a: 1 }, 0].some(isEmptyData)).toBe(false);
    expect(MESSAGES.emptyData).toBe('Unable to fetch product list');
  });
});
