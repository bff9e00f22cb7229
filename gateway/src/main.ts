import { ConfigError, stopOnSignals } from '@pid/platform';
import { createGatewayApp } from './gateway-app';

async function main() {
  try {
    const gateway = await createGatewayApp();
    await gateway.app.listen(gateway.env.PORT, gateway.env.HOST);
    gateway.logger.info({ url: await gateway.app.getUrl() }, 'gateway listening');
    stopOnSignals(gateway.close, gateway.logger);
  } catch (error) {
    console.error(error instanceof ConfigError ? `gateway: ${error.message}` : error);
    process.exit(1);
  }
}

void main();
