import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, apiRequest } from './api-client';
import { stubGlobal, unstubAllGlobals } from '../test/globals';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('apiRequest', () => {
  const fetchMock = jest.fn<typeof fetch>();

  beforeEach(() => {
    stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    unstubAllGlobals();
    fetchMock.mockReset();
    localStorage.clear();
  });

  it('sends the stored token as a bearer header and as x-auth-token, and a JSON body', async () => {
    localStorage.setItem('token', 'abc123');
    fetchMock.mockResolvedValue(jsonResponse(200, { _id: 'd1' }));

    const result = await apiRequest<{ _id: string }>('/api/drawings/d1', { method: 'PUT', body: { name: 'Unit 7' } });

    expect(result).toEqual({ _id: 'd1' });
    const [url, init] = fetchMock.mock.calls[0];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/drawings/d1');
    expect(init?.method).toBe('PUT');
    expect(headers.get('Authorization')).toBe('Bearer abc123');
    expect(headers.get('x-auth-token')).toBe('abc123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"Unit 7"}');
  });

  it('sends no auth headers without a stored token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));

    await apiRequest('/api/drawings');

    const headers = new Headers(fetchMock.mock.calls[0][1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('x-auth-token')).toBe(false);
  });

  it('removes the stored token on 401 and throws ApiError with the status and msg', async () => {
    localStorage.setItem('token', 'expired');
    fetchMock.mockResolvedValue(jsonResponse(401, { msg: 'Token is not valid' }));

    const error = await apiRequest('/api/auth').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, body: { msg: 'Token is not valid' }, message: 'Token is not valid' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the stored token on other errors', async () => {
    localStorage.setItem('token', 'still-good');
    fetchMock.mockResolvedValue(jsonResponse(404, { msg: 'Drawing not found' }));

    await expect(apiRequest('/api/drawings/missing')).rejects.toMatchObject({ status: 404, body: { msg: 'Drawing not found' } });
    expect(localStorage.getItem('token')).toBe('still-good');
  });
});
