import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SERVICE_ENV } from '@pid/platform';
import type { AuthEnv } from '../env';

/**
 * Tells Express which proxies may name the client in `x-forwarded-for` (TRUST_PROXY; default loopback,
 * the gateway on one machine). Express then takes the client address from the nearest untrusted hop, so
 * a client cannot pick its own address by sending the header itself; the rate limits depend on it.
 */
@Injectable()
export class TrustProxySetting implements OnModuleInit {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(SERVICE_ENV) private readonly env: AuthEnv,
  ) {}

  onModuleInit(): void {
    this.adapterHost.httpAdapter.getInstance<{ set(name: string, value: unknown): void }>().set('trust proxy', this.env.TRUST_PROXY);
  }
}
