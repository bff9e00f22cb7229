import { Controller, Get, UseGuards } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  eventually,
  startServiceForTest,
  startTestServices,
  testServiceDefinition,
  type ServiceHarness,
  type TestServiceEnv,
  type TestServices,
  HOOK_TIMEOUT_MS,
} from '../test-kit';
import { JwtService } from './jwt';
import { CurrentUser, JwtAuthGuard, type AuthenticatedUser } from './jwt.guard';
import { TokenVersions } from './token-versions';

@Controller('whoami')
class WhoAmIController {
  @Get()
  @UseGuards(JwtAuthGuard)
  whoAmI(@CurrentUser() user: AuthenticatedUser) {
    return { id: user.id };
  }
}

const definition = testServiceDefinition({
  name: 'whoami',
  description: 'A service for testing the passport JWT strategy.',
  controllers: [WhoAmIController],
});

let services: TestServices;
let first: ServiceHarness<TestServiceEnv>;
let second: ServiceHarness<TestServiceEnv>;
let secret: string;

beforeAll(async () => {
  services = await startTestServices();
  first = await startServiceForTest(definition, services);
  second = await startServiceForTest(definition, services);
  secret = first.context.env.JWT_SECRET;
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await services?.stop();
}, HOOK_TIMEOUT_MS);

const whoAmI = (service: ServiceHarness<TestServiceEnv>, token: string) =>
  request(service.http).get('/api/whoami').set('x-auth-token', token);
const NOT_VALID = { msg: 'Token is not valid' };

describe('the passport JWT strategy', () => {
  it('refuses alg none, other algorithms, tampered, expired and subject-less tokens with 401', async () => {
    const good = new JwtService(secret).sign('user-a');
    const [header, , signature] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', exp: 9999999999 })).toString('base64url')}.${signature}`;
    const bad = [
      jwt.sign({ sub: 'user-a' }, '', { algorithm: 'none' }),
      jwt.sign({ sub: 'user-a' }, secret, { algorithm: 'HS512', expiresIn: 60 }),
      forged,
      `${good.slice(0, -2)}xx`,
      jwt.sign({ sub: 'user-a', exp: Math.floor(Date.now() / 1000) - 10 }, secret),
      jwt.sign({}, secret, { expiresIn: 60 }),
    ];
    await whoAmI(first, good).expect(200, { id: 'user-a' });
    for (const token of bad) await whoAmI(first, token).expect(401, NOT_VALID);
    await request(first.http).get('/api/whoami').set('Authorization', 'Bearer').expect(401, { msg: 'No token, authorization denied' });
  });

  it('refuses, in every process, the tokens issued before the user token version was raised', async () => {
    const signer = new JwtService(secret);
    const before = signer.sign('user-b');
    const legacy = jwt.sign({ sub: 'user-b' }, secret, { expiresIn: 60 }); // no `ver`: version 0
    const bystander = signer.sign('user-c');
    for (const token of [before, legacy]) await whoAmI(second, token).expect(200, { id: 'user-b' });

    // What auth does on a password reset: raise the version in its process and in the bucket. passport keeps one
    // strategy per name per Node process, so here both apps check tokens with the strategy registered last (the
    // second's), which learns the version from the bucket: each app is waited for.
    await first.app.get(TokenVersions).raise('user-b', 1);
    // The raising process refuses at once.
    expect(first.app.get(TokenVersions).accepts({ sub: 'user-b', ver: 0 })).toBe(false);
    for (const service of [first, second]) {
      await eventually(async () => ((await whoAmI(service, before)).status === 401 ? true : undefined), 'every process to see the version');
      for (const token of [before, legacy]) await whoAmI(service, token).expect(401, NOT_VALID);
    }

    const after = signer.sign('user-b', 1);
    for (const service of [first, second]) await whoAmI(service, after).expect(200, { id: 'user-b' });
    await whoAmI(second, bystander).expect(200, { id: 'user-c' });
  });

  it('reads the versions already stored when a process starts', async () => {
    await first.app.get(TokenVersions).raise('user-d', 3);
    const late = await startServiceForTest(definition, services);
    try {
      await whoAmI(late, new JwtService(secret).sign('user-d', 2)).expect(401, NOT_VALID);
      await whoAmI(late, new JwtService(secret).sign('user-d', 3)).expect(200, { id: 'user-d' });
    } finally {
      await late.close();
    }
  });
});
