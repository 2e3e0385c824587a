import { startTestServer, type TestServer } from '../../src/server/testing/testServer';

/**
 * The built site served by the real server on a loopback port with a fresh data folder.
 * `npm test` builds before the browser tests run.
 */
export function startSite(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(env);
}
