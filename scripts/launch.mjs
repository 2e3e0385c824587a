// `npm start`, `npm run backup`, `npm run restore`, `npm run admin:password`, `npm run staff:add`, `npm run check-config`:
// plain node on the compiled server (scripts/build.ts writes it into the build folder, BUILD_DIR or dist/).
// `-- --environment-file FILE` first reads the variables in FILE (the service's EnvironmentFile, e.g.
// /etc/school/school.env), over those of the shell, so a command sees what the service sees.
// First, so that an older Node stops with a sentence (util.parseEnv, not a named import: an older
// Node without it would fail to link this file before the check could run).
import './nodeVersion.cjs';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import util from 'node:util';

const [command, ...rest] = process.argv.slice(2);
const envFileAt = rest.indexOf('--environment-file');
const args = [...rest];
if (envFileAt !== -1) {
  const [, envFile] = args.splice(envFileAt, 2);
  if (!envFile || !fs.existsSync(envFile)) {
    console.error(
      `--environment-file needs a file that exists${envFile ? ` (${envFile} does not, or this user cannot see it)` : ''}.`,
    );
    process.exit(1);
  }
  let text;
  try {
    text = fs.readFileSync(envFile, 'utf8');
  } catch {
    console.error(`${envFile} cannot be read by this user; run the command as the server's user (sudo -u USER …).`);
    process.exit(1);
  }
  Object.assign(process.env, util.parseEnv(text));
}
const file = path.resolve(process.env.BUILD_DIR ?? 'dist', 'app', `${command}.js`);
if (!fs.existsSync(file)) {
  console.error(`There is no build to run (${file} is missing). Run \`npm run build\` first.`);
  process.exit(1);
}
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
