import type { Server } from 'node:http';
import { createRequestListener, type AppOptions } from './app';
import { ConfigError, type Config } from './config';
import { createDrainableServer, requestTimeouts, type RequestTimeouts } from './platform/drainableServer';
import { consoleLogger, type Logger } from './log';
import { closeServices, createServices } from './services';
import {
  formatSettingsReport,
  hasErrors,
  settingsReport,
  settingWarnings,
  type SettingsReport,
} from './settingsReport';
import { openStorage } from './storage/database';

export type RunningServer = {
  server: Server;
  url: string;
  /** Stops cleanly: drains HTTP (see drainableServer.ts) and stops the mail worker, then closes the database. */
  close(): Promise<void>;
};

export type ServerOptions = AppOptions & { timeouts?: RequestTimeouts };

/**
 * A stop finishes within 10 s whatever is going on: connections get 8 s to finish what they
 * were sent (the mail worker, stopped meanwhile, waits at most 3 s for a send), and a process
 * still alive at 9.5 s exits anyway.
 */
export const shutdownTiming = { drainMs: 8_000, forceExitMs: 9_500 } as const;

/**
 * Opens storage, builds the app and listens. Resolves once the server accepts connections and
 * ADMIN_PASSWORD has passed the strength check; rejects with a ConfigError, stopped, if not.
 */
export async function startServer(
  config: Config,
  log: Logger = consoleLogger,
  { timeouts = requestTimeouts, ...appOptions }: ServerOptions = {},
): Promise<RunningServer> {
  const storage = await openStorage(config.dataDir);
  const services = await createServices(config, storage, log);
  const { server, drain } = createDrainableServer(createRequestListener(services, appOptions), timeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  for (const { variable, message } of settingWarnings(config)) log.warn(`${variable}: ${message}`, { variable });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await Promise.all([drain(shutdownTiming.drainMs), services.stopEnquiries()]);
      await closeServices(services);
    })());
  try {
    await services.staffAuth.setUp();
  } catch (error) {
    await close();
    throw error;
  }
  return { server, url, close };
}

/**
 * Reads the environment, starts the server and stops it cleanly on SIGINT/SIGTERM. Settings that
 * must be fixed stop it first, all named in one report (the one `npm run check-config` prints).
 */
export async function runFromEnvironment({
  report = settingsReport(),
  ...options
}: ServerOptions & { report?: SettingsReport } = {}): Promise<void> {
  const { config, findings } = report;
  if (hasErrors(findings)) {
    console.error(formatSettingsReport(findings.filter((finding) => finding.severity === 'error')));
    process.exit(1);
  }
  let running: RunningServer;
  try {
    running = await startServer(config, consoleLogger, options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  consoleLogger.info('Server listening', { url: running.url, publicUrl: config.publicUrl, dataDir: config.dataDir });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      consoleLogger.error('Shutdown took too long; exiting anyway', { signal });
      process.exit(1);
    }, shutdownTiming.forceExitMs).unref();
    const closed = running.close();
    // Logged once the server no longer accepts connections.
    consoleLogger.info('Shutting down', { signal });
    closed.then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error('Shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
