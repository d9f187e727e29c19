/** Entry point: parse the environment, start the service, print where it listens, stop cleanly. */
import { ConfigError, loadConfig } from './config.js';
import { createLogger, startService } from './server.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  const service = await startService(config, logger);
  const address = service.app?.server.address();
  if (address && typeof address === 'object') {
    const url = config.PUBLIC_URL ?? `http://localhost:${address.port}`;
    logger.info({ url }, 'Call Insights is running');
    console.log(`\n  Call Insights is running at ${url}\n`);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await service.stop().catch((err: unknown) => logger.error({ err }, 'error while stopping'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Call Insights could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
