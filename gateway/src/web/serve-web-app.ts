import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from '@pid/platform';
import express, { type NextFunction, type Request, type Response } from 'express';

const NOT_SPA = /^\/(api|socket\.io)(\/|$)/;

/** The built web app, with every other GET path answered by index.html so client routes work on reload. */
export function serveWebApp(app: NestExpressApplication, staticDir: string, logger: Logger): void {
  const indexHtml = path.join(staticDir, 'index.html');
  if (!existsSync(indexHtml)) logger.warn({ staticDir }, 'the web app is not built; run `npm run build`');

  app.use(
    express.static(staticDir, {
      index: false,
      setHeaders: (response, file) => {
        // Vite fingerprints everything under assets/, so those never change.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SPA.test(request.path)) return next();
    if (!existsSync(indexHtml)) return void response.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexHtml);
  });
}
