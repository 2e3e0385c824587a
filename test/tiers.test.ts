// Its own samples name http.createServer and .listen, which would read as a server test.
// test tier: unit
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/buildOutput.ts';
import { classifyTestFiles, testFilePatterns, tierOf, type Tier } from './tiers';

describe('test tiers', () => {
  it('puts every test file of the project in exactly one tier', () => {
    const classified = Object.values(classifyTestFiles(projectRoot)).flat();
    const all = fs.globSync(testFilePatterns, { cwd: projectRoot, exclude: (name) => name === 'node_modules' });
    expect(all.length).toBeGreaterThan(100);
    expect([...classified].sort()).toEqual(all.map((file) => file.split(path.sep).join('/')).sort());
    expect(new Set(classified).size).toBe(classified.length);
  });

  it('reads the tier from what a file uses, in any folder', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'school-tiers-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    for (const support of ['test/support/testServer.ts', 'e2e/support/browser.ts', 'e2e/support/caddySite.ts']) {
      write(support, '');
    }
    write('package.json', JSON.stringify({ imports: { '#test/*': './test/*' } }));
    // A support module that reaches the test server passes the server tier on to its users.
    write('e2e/support/site.ts', "import { startTestServer } from '../../test/support/testServer';\n");
    const files: Record<string, [string, Tier]> = {
      'src/shared/plain.test.ts': ["import { expect } from 'vitest';\n", 'unit'],
      'src/server/modules/visits/visits.test.ts': [
        "import { startTestServer } from '../../../../test/support/testServer';\n",
        'server',
      ],
      // A subpath alias of package.json `imports` names the same file (decision 0061).
      'src/server/modules/photos/photos.test.ts': [
        "import { startTestServer } from '#test/support/testServer.ts';\n",
        'server',
      ],
      'e2e/published.test.ts': ["import { startSite } from './support/site';\n", 'server'],
      'src/server/own.test.ts': ["import http from 'node:http';\nhttp.createServer(listener).listen(0);\n", 'server'],
      'e2e/page.test.ts': [
        "import { startSite } from './support/site';\nimport { launchBrowser } from './support/browser';\n",
        'browser',
      ],
      'e2e/proxy.test.ts': [
        "import { launchBrowser } from './support/browser';\nimport { startCaddySite } from './support/caddySite';\n",
        'release',
      ],
      'scripts/whole.test.ts': ['// Builds whole releases.\n// test tier: release\n', 'release'],
    };
    for (const [file, [text]] of Object.entries(files)) write(file, text);
    expect(Object.fromEntries(Object.keys(files).map((file) => [file, tierOf(root, file)]))).toEqual(
      Object.fromEntries(Object.entries(files).map(([file, [, tier]]) => [file, tier])),
    );
    fs.rmSync(root, { recursive: true });
  });
});
