/**
 * The server as `npm start` runs it (configuration from the environment, stopped by SIGTERM or
 * SIGINT), without the site build: for tests that run it as a child process and signal it.
 */
import { runFromEnvironment } from '#server/index.ts';

await runFromEnvironment({ servePages: false });
