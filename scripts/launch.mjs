// `npm start`, `npm run backup`, `npm run restore`, `npm run admin:password`, `npm run staff:add`: plain node on the
// compiled server (scripts/build.ts writes it into the build folder, BUILD_DIR or dist/).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [command, ...args] = process.argv.slice(2);
const file = path.resolve(process.env.BUILD_DIR ?? 'dist', 'app', `${command}.js`);
if (!fs.existsSync(file)) {
  console.error(`There is no build to run (${file} is missing). Run \`npm run build\` first.`);
  process.exit(1);
}
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
