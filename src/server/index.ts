import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { consoleLogger } from './log';
import { closeServices, createServices } from './services';
import { openStorage } from './storage/database';

export type RunningServer = { server: Server; url: string; close(): Promise<void> };

/** Opens storage, builds the app and listens. Resolves once the server accepts connections. */
export async function startServer(config: Config, log = consoleLogger): Promise<RunningServer> {
  const storage = await openStorage(config.dataDir);
  const services = await createServices(config, storage, log);
  const app = createApp(services);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
    listening.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeServices(services);
    })());
  return { server, url, close };
}

/** Reads the environment, starts the server and stops it cleanly on SIGINT/SIGTERM. */
export async function runFromEnvironment(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const running = await startServer(config);
  consoleLogger.info('Server listening', { url: running.url, publicUrl: config.publicUrl, dataDir: config.dataDir });
  const shutdown = (signal: string) => {
    consoleLogger.info('Shutting down', { signal });
    running.server.closeIdleConnections();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
