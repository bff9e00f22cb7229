import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { outlastClientKeepAlive } from './keep-alive';

/** Keeps this process (client and server alike) busy, as a long synchronous task does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(configure: (server: Server) => void): Promise<string> {
  server = createServer((_request, response) => response.end('ok'));
  configure(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The first request opens a kept-alive socket. The next is due 0.1 s later, but the process is busy for
 * `pauseMs`; once free, it is sent on that socket before the server's own idle timer runs, as a poll's is.
 */
async function requestAfterPause(url: string, pauseMs: number): Promise<string> {
  expect(await (await fetch(url)).text()).toBe('ok');
  const next = new Promise<string>((resolve) =>
    setTimeout(
      () =>
        fetch(url).then(
          (response) => resolve(response.text()),
          (error: Error) => resolve(`failed: ${String((error.cause as Error | undefined)?.message ?? error.message)}`),
        ),
      100,
    ),
  );
  busyFor(pauseMs);
  return next;
}

describe('outlastClientKeepAlive', () => {
  it('keeps the socket open through a 6-s pause, so the next request on it is answered', async () => {
    const url = await listen(outlastClientKeepAlive);
    expect(await requestAfterPause(url, 6_000)).toBe('ok');
  }, 30_000);

  it("is needed: with Node's 5-s default the server resets the socket under that request", async () => {
    const url = await listen(() => undefined);
    expect(await requestAfterPause(url, 6_000)).toMatch(/^failed: /);
  }, 30_000);
});
