/**
 * The compiled server's entry (`npm start`): serves the build it was compiled with. A build made
 * for another PUBLIC_URL carries that address in its canonical links, so it is refused.
 */
import fs from 'node:fs';
import { buildInfoFile, type BuildInfo } from './buildOutput';
import { ConfigError, loadConfig } from './config';
import { runFromEnvironment } from './index';

function builtFor(): string | undefined {
  if (!fs.existsSync(buildInfoFile)) return undefined;
  return (JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo).publicUrl;
}

try {
  const { publicUrl } = loadConfig();
  const built = builtFor();
  if (built !== publicUrl) {
    console.error(`The site was built for ${built ?? 'no address'}, but PUBLIC_URL is ${publicUrl}. Run \`npm run build\` with this PUBLIC_URL, then \`npm start\`.`);
    process.exit(1);
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // runFromEnvironment reports configuration errors in plain words.
}
await runFromEnvironment();
