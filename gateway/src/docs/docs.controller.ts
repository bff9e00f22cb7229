import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { ServiceTargets } from '../env';
import { SERVICE_TARGETS } from '../gateway.tokens';
import { mergeOpenApi } from './merge-openapi';

const DOCUMENTED_SERVICES = ['auth', 'billing', 'drawing', 'graph'] as const;

/** `/api/docs`: the merged OpenAPI document and a Swagger UI page to browse it. */
@Controller('api/docs')
export class DocsController {
  constructor(@Inject(SERVICE_TARGETS) private readonly targets: ServiceTargets) {}

  @Get('openapi.json')
  async openApi(): Promise<OpenAPIObject> {
    const documents = await Promise.all(
      DOCUMENTED_SERVICES.map(async (service) => {
        const response = await fetch(new URL('/openapi.json', this.targets[service]), { signal: AbortSignal.timeout(3_000) }).catch(
          () => undefined,
        );
        const document = response?.ok ? ((await response.json()) as OpenAPIObject) : undefined;
        return document ? { service, document } : undefined;
      }),
    );
    return mergeOpenApi(documents.filter((entry) => entry !== undefined));
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>P&amp;ID platform API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`;
  }

  /** A file of its own rather than inline, so the Content-Security-Policy can forbid inline scripts. */
  @Get('init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init(): string {
    return "window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui' });\n";
  }
}
