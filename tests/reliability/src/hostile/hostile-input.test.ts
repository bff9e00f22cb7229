/**
 * Hostile input through the gateway: fuzzed JSON on every JSON route of spec §7, and uploads that lie
 * about what they are, bomb the decoders or overflow the limits. Each must get a clear 4xx `{ msg }`,
 * nothing may pollute a prototype, and every service must still be up afterwards.
 */
import { ANNUAL_PLAN_PRICE_ID, MAX_UPLOAD_BYTES } from '@pid/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm, type ApiResponse } from '../stack/api-client';
import { connectionBody, elementBody } from '../stack/graph-bodies';
import { startStack, type Stack } from '../stack/in-process-stack';
import { absurdTiffs, disguisedFiles, loopingTiff, pdfClaimingAMillionPages, pdfWithPages, polyglots } from './hostile-files';
import {
  hugeStringCases,
  malformedCases,
  nulCharacterCases,
  prototypePollutionCases,
  wrongTypeCases,
  type FuzzCase,
  type JsonRoute,
} from './json-fuzz';
import { hugePng, pdfWithJavaScript, samplePng, HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

let stack: Stack;
let user: Account;
let routes: JsonRoute[];

beforeAll(async () => {
  stack = await startStack();
  user = await createAccount(stack.url, stack.mailboxDir);
  const uploaded = await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: uploadForm(await samplePng(), 'a.png') });
  const drawing = (uploaded.body as { _id: string })._id;
  const element = elementBody(drawing, 'P-101', 10, { description: 'pump' });
  const { drawing: _ignored, ...elementUpdate } = element;
  const ids: string[] = [];
  for (const x of [10, 100]) {
    const created = await call(stack.url, 'POST', '/api/elements', { token: user.token, body: elementBody(drawing, 'P-101', x) });
    ids.push((created.body as { _id: string })._id);
  }
  const connection = connectionBody(drawing, ids[0]!, ids[1]!, 'L-1');
  const createdConnection = await call(stack.url, 'POST', '/api/connections', { token: user.token, body: connection });
  const connectionId = (createdConnection.body as { _id: string })._id;
  routes = [
    { method: 'POST', path: '/api/auth/register', valid: { username: 'fuzzer', email: 'fuzz@example.com', password: 'long enough' } },
    { method: 'POST', path: '/api/auth/login', valid: { email: user.email, password: user.password } },
    { method: 'PUT', path: '/api/users/profile', valid: { username: 'renamed' } },
    { method: 'POST', path: '/api/auth/forgot-password', valid: { email: user.email } },
    { method: 'POST', path: '/api/auth/reset-password', valid: { token: 'a'.repeat(43), password: 'long enough' } },
    { method: 'POST', path: '/api/payments/create-checkout-session', valid: { priceId: ANNUAL_PLAN_PRICE_ID } },
    { method: 'PUT', path: `/api/drawings/${drawing}`, valid: { name: 'renamed' } },
    { method: 'POST', path: '/api/elements', valid: element },
    // An element never moves to another drawing: PUT ignores `drawing` (the isolation suite checks it).
    { method: 'PUT', path: `/api/elements/${ids[0]}`, valid: elementUpdate },
    { method: 'POST', path: '/api/connections', valid: connection },
    {
      method: 'PUT',
      path: `/api/connections/${connectionId}`,
      valid: { name: 'L-2', description: 'x', confirmed: true, source: ids[0], target: ids[1] },
    },
  ];
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await stack?.close();
}, HOOK_TIMEOUT_MS);

function send(route: JsonRoute, fuzz: FuzzCase) {
  return call(stack.url, route.method, route.path, { token: user.token, body: fuzz.raw, contentType: fuzz.contentType });
}

/** Failures of soft checks: the test goes on, and fails after it with every one of them (jest has no soft assertions). */
const softFailures: string[] = [];

function soft(check: () => void) {
  try {
    check();
  } catch (error) {
    softFailures.push(error instanceof Error ? error.message : String(error));
  }
}

afterEach(() => {
  const failures = softFailures.splice(0);
  if (failures.length > 0) throw new Error(`${failures.length} soft checks failed:\n\n${failures.join('\n\n')}`);
});

/** A clear refusal: a 4xx with a `{ msg }` body of one readable line. Soft, so that one run lists every case that fails. */
function expectClear4xx(response: ApiResponse, what: string) {
  const seen = `${what} → ${response.status} ${response.text.slice(0, 200)}`;
  soft(() => expectWith(response.status >= 400 && response.status < 500, seen).toBe(true));
  soft(() => expectWith(response.body, seen).toEqual({ msg: expect.any(String) }));
  soft(() => expectWith(String((response.body as { msg?: unknown } | undefined)?.msg).length, seen).toBeLessThan(300));
}

async function expectEveryServiceUp() {
  const health = await call(stack.url, 'GET', '/api/health');
  expectWith(health.status, health.text).toBe(200);
}

/** Sends every route the cases `casesOf` makes for it, each to be refused with a clear 4xx; then every service must still be up. */
async function expectEveryCaseRefused(casesOf: (route: JsonRoute) => FuzzCase[]) {
  for (const route of routes) {
    for (const fuzz of casesOf(route)) expectClear4xx(await send(route, fuzz), `${route.method} ${route.path}: ${fuzz.label}`);
  }
  await expectEveryServiceUp();
}

describe('fuzzed JSON bodies on every JSON route', () => {
  it('wrong types in any field are refused with 4xx', () => expectEveryCaseRefused(wrongTypeCases));

  it('huge strings and NUL characters are refused with 4xx', () =>
    expectEveryCaseRefused((route) => [...hugeStringCases(route), ...nulCharacterCases(route)]));

  it('deep nesting, broken JSON, non-objects, oversized bodies and foreign content types are refused with 4xx', () =>
    expectEveryCaseRefused(malformedCases));

  it('prototype-pollution keys pollute nothing and never fail the request with 5xx', async () => {
    for (const route of routes) {
      for (const fuzz of prototypePollutionCases(route)) {
        const response = await send(route, fuzz);
        const what = `${route.method} ${route.path}: ${fuzz.label}`;
        expectWith(response.status, `${what} → ${response.text.slice(0, 200)}`).toBeLessThan(500);
        expectWith(response.text, what).not.toContain('polluted');
        expectWith(response.text, what).not.toContain('isAdmin');
      }
    }
    // Every service runs in this process: a polluted prototype would show here.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    await expectEveryServiceUp();
  });
});

describe('fuzzed query parameters', () => {
  it('page and format of the file and export routes take only what they document: anything else is 4xx', async () => {
    const drawing = routes.find((route) => route.path.startsWith('/api/drawings/'))!.path;
    // (`page[$gt]=1` or `format[]=x` name other parameters, which are ignored: the query parser makes no objects.)
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1e309', 'page=99999999999999999999', 'page=1&page=2']) {
      expectClear4xx(await call(stack.url, 'GET', `${drawing}/file?${query}`, { token: user.token }), `file?${query}`);
    }
    for (const query of ['format=exe', 'format=../../etc/passwd', 'format=csv&format=json', `format=${'x'.repeat(10_000)}`]) {
      expectClear4xx(await call(stack.url, 'GET', `${drawing}/export?${query}`, { token: user.token }), `export?${query}`);
    }
    await expectEveryServiceUp();
  });
});

describe('hostile uploads', () => {
  const upload = (file: Buffer, filename: string) =>
    call(stack.url, 'POST', '/api/drawings', { token: user.token, body: uploadForm(file, filename) });
  const drawingCount = async () => ((await call(stack.url, 'GET', '/api/drawings', { token: user.token })).body as unknown[]).length;

  it('files whose bytes are not what their name says are refused with 415, a ZIP bomb too', async () => {
    const before = await drawingCount();
    for (const [label, bytes, filename] of await disguisedFiles()) {
      const response = await upload(bytes, filename);
      expectClear4xx(response, label);
    }
    expect(await drawingCount()).toBe(before);
    await expectEveryServiceUp();
  });

  it('polyglots are refused, or kept and only ever served back as an inert image', async () => {
    for (const [label, bytes, filename] of await polyglots()) {
      const response = await upload(bytes, filename);
      if (response.status !== 201) {
        expectClear4xx(response, label);
        continue;
      }
      const file = await fetch(`${stack.url}/api/drawings/${(response.body as { _id: string })._id}/file`, {
        headers: { Authorization: `Bearer ${user.token}` },
      });
      expectWith(file.headers.get('content-type'), label).toMatch(/^image\/(png|jpeg)$/);
      expectWith(file.headers.get('x-content-type-options'), label).toBe('nosniff');
    }
    await expectEveryServiceUp();
  });

  it('a decompression bomb image, PDFs with JavaScript or too many pages, and TIFFs with absurd tags are refused with 4xx', async () => {
    const before = await drawingCount();
    const cases: Array<[string, Buffer, string]> = [
      ['a 30000 × 30000 PNG in 150 KB', hugePng(), 'bomb.png'],
      ['a PDF with JavaScript', await pdfWithJavaScript(), 'script.pdf'],
      ['a PDF of 2,000 real pages', await pdfWithPages(2_000), 'pages.pdf'],
      ...absurdTiffs().map(([label, bytes]): [string, Buffer, string] => [`a TIFF with ${label}`, bytes, 'absurd.tif']),
    ];
    for (const [label, bytes, filename] of cases) expectClear4xx(await upload(bytes, filename), label);
    expect(await drawingCount()).toBe(before);
    await expectEveryServiceUp();
  });

  it('a PDF claiming a million pages and a TIFF whose IFDs loop are refused, or kept as what they really hold', async () => {
    const pdf = await upload(await pdfClaimingAMillionPages(), 'million.pdf');
    if (pdf.status === 201) expect((pdf.body as { metadata: { pageCount: number } }).metadata.pageCount).toBe(1);
    else expectClear4xx(pdf, 'a PDF claiming a million pages');
    const tiff = await upload(loopingTiff(), 'loop.tif');
    if (tiff.status === 201)
      expect((tiff.body as { metadata: { image_size: unknown } }).metadata.image_size).toEqual({ width: 8, height: 8 });
    else expectClear4xx(tiff, 'a TIFF whose IFD chain loops');
    await expectEveryServiceUp();
  });

  it('oversized and malformed multipart bodies are refused with 4xx', async () => {
    const before = await drawingCount();
    const elevenMb = Buffer.concat([await samplePng(64, 48), Buffer.alloc(11 * 1024 * 1024)]);
    expectClear4xx(await upload(elevenMb, 'big.png'), 'an 11 MB file');
    expectClear4xx(await upload(Buffer.concat([await samplePng(64, 48), Buffer.alloc(MAX_UPLOAD_BYTES)]), 'big.png'), '10 MB and a bit');
    const nulName = uploadForm(await samplePng(), 'a.png', 'name\u0000with NUL');
    expectClear4xx(await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: nulName }), 'a NUL in the name field');
    const manyFields = uploadForm(await samplePng(), 'a.png');
    for (let field = 0; field < 2_000; field += 1) manyFields.append(`f${field}`, 'x');
    expectClear4xx(await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: manyFields }), '2,000 form fields');
    const hugeName = uploadForm(await samplePng(), 'a.png', 'N'.repeat(5 * 1024 * 1024));
    expectClear4xx(await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: hugeName }), 'a 5 MB name field');
    const manyFiles = uploadForm(await samplePng(), 'a.png');
    for (let file = 0; file < 50; file += 1) manyFiles.append('drawing', new Blob([new Uint8Array(await samplePng(8, 8))]), `${file}.png`);
    expectClear4xx(await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: manyFiles }), '51 files');
    const longFilename = uploadForm(await samplePng(), `${'x'.repeat(100_000)}.png`);
    const named = await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: longFilename });
    if (named.status === 201) expect((named.body as { documentName: string }).documentName.length).toBeLessThanOrEqual(255);
    else expectClear4xx(named, 'a 100,000-character file name');
    const boundaryOnly = await call(stack.url, 'POST', '/api/drawings', {
      token: user.token,
      body: '--x\r\nContent-Disposition: form-data; name="drawing"; filename="a.png"\r\n\r\n\u0089PNG',
      contentType: 'multipart/form-data; boundary=x',
    });
    expectClear4xx(boundaryOnly, 'a multipart body cut off before its end');
    const declaredHuge = await call(stack.url, 'POST', '/api/drawings', {
      token: user.token,
      body: 'x',
      contentType: 'multipart/form-data; boundary=x',
      headers: { 'Content-Length': String(500 * 1024 * 1024) },
    }).catch((error: Error) => ({ status: 0, text: error.message, body: undefined, headers: new Headers() }));
    // Either refused up front (413) or the connection is closed: never accepted, never a 5xx.
    if (declaredHuge.status !== 0) expectClear4xx(declaredHuge, 'a declared 500 MB body');
    expect(await drawingCount()).toBe(before + (named.status === 201 ? 1 : 0));
    await expectEveryServiceUp();
  });
});
