import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LOGGER, type Logger } from '@pid/platform';

/**
 * Work that goes on after the response, such as sending mail: a slow or failing mail server then neither
 * delays nor fails the request, and the response time says nothing about whether an account exists.
 * Failures are logged; shutdown waits for the work in hand.
 */
@Injectable()
export class BackgroundTasks implements OnModuleDestroy {
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  run(description: string, task: () => Promise<void>): void {
    const running: Promise<void> = task()
      .catch((error) => void this.logger.error({ err: error }, `${description} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.pending);
  }
}
