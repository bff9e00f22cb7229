import path from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  PdfPasswordError,
  PdfRenderError,
  PdfUnreadableError,
  PdfWithoutPagesError,
  SERVICE_ENV,
  type PdfRenderOptions,
  type PdfSummary,
  type RenderedPage,
} from '@pid/platform';
import { Piscina } from 'piscina';
import type { DrawingEnv } from '../env';
import type { TaskResult } from './pdf-tasks';

/** The built task module, from `src/` (tests) as from `dist/`: the package's build comes before its tests. */
const TASKS = path.resolve(__dirname, '../../dist/pdf-threads/pdf-tasks.js');

/** A thread's JavaScript heap; a page's pixels live outside it, within MAX_IMAGE_PIXELS. */
const THREAD_HEAP_MB = 1024;

/** The platform's PDF errors by name, so that the callers' `instanceof` checks work across the thread boundary. */
const ERRORS: Record<string, new (message: string) => Error> = {
  PdfPasswordError,
  PdfWithoutPagesError,
  PdfUnreadableError,
  PdfRenderError,
};

/**
 * pdf.js work off the service's thread, so that a PDF that takes seconds to parse (a million strokes) or minutes
 * to draw never holds up health checks and other requests. A task past `timeoutMs` has its thread terminated.
 */
@Injectable()
export class PdfThreads implements OnApplicationShutdown {
  private readonly pool: Piscina;

  constructor(@Inject(SERVICE_ENV) env: DrawingEnv) {
    this.pool = new Piscina({
      filename: TASKS,
      // Renditions take up to RENDER_CONCURRENCY threads; one more keeps uploads from waiting behind them.
      maxThreads: env.RENDER_CONCURRENCY + 1,
      // Threads stay while there is work and go when idle, leaving nothing behind between uploads.
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
  }

  async inspect(bytes: Buffer, options: PdfRenderOptions, maxMeasuredPages: number): Promise<PdfSummary> {
    return this.run<PdfSummary>('inspect', { bytes, options, maxMeasuredPages }, options.timeoutMs, () => {
      throw new PdfUnreadableError(`Reading the PDF took longer than ${options.timeoutMs} ms`);
    });
  }

  async render(bytes: Buffer, page: number, options: PdfRenderOptions): Promise<RenderedPage> {
    const rendered = await this.run<RenderedPage>('render', { bytes, page, options }, options.timeoutMs, () => {
      throw new PdfRenderError(`Rendering took longer than ${options.timeoutMs} ms`);
    });
    return { ...rendered, png: Buffer.from(rendered.png.buffer, rendered.png.byteOffset, rendered.png.byteLength) };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }

  private async run<T>(name: string, task: object, timeoutMs: number, onTimeout: () => never): Promise<T> {
    // A little more than the task's own timeouts, which stop pdf.js politely where they can.
    const signal = AbortSignal.timeout(timeoutMs + 1_000);
    const result = (await this.pool.run(task, { name, signal }).catch((error: unknown) => {
      if (signal.aborted) onTimeout();
      throw error;
    })) as TaskResult<T>;
    if (result.ok) return result.value;
    const ErrorClass = ERRORS[result.name] ?? Error;
    throw new ErrorClass(result.message);
  }
}
