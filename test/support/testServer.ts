import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { createRequestListener, type AppOptions } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { memoryLogger } from './memoryLogger';
import { closeServices, createServices, type Services } from '#server/services.ts';
import { DATABASE_FILE_NAME, openStorage } from '#server/storage/database.ts';
import { migratedDatabase } from './migratedDatabase';

export type TestServer = {
  url: string;
  services: Services;
  dataDir: string;
  log: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
};

/** A new temporary data folder holding a database with the schema already made. */
async function freshDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-'));
  fs.copyFileSync(await migratedDatabase(), path.join(dataDir, DATABASE_FILE_NAME));
  return dataDir;
}

/**
 * A real server on a free loopback port with its own temporary data folder (a real SQLite file).
 * `env` overrides environment variables as the operator would set them; a PORT there (with a
 * PUBLIC_URL naming it) serves at the address the server's own links point to.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: AppOptions & { dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await freshDataDir());
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });
  const log = memoryLogger();
  const storage = await openStorage(config.dataDir);
  const services = await createServices(config, storage, log);
  // Tests read the password's log lines and the stored hash right after start-up.
  await services.staffAuth.ready();
  const server = http.createServer(createRequestListener(services, options));
  await new Promise<void>((resolve) => server.listen(config.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    dataDir,
    log,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeServices(services);
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
