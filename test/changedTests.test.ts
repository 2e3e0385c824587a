import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dearTestsTouched } from './changedTests';
import type { Tier } from './tiers';

it('picks the server and browser tests beside a change, named for its subject, or importing it', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'school-changed-'));
  const write = (file: string, text = '') => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ imports: { '#shared/*': './src/shared/*' } }));
  write('src/shared/time.ts');
  write('src/shared/seo.ts');
  write('src/server/modules/visits/service.ts');
  write('src/server/modules/enquiries/service.ts');
  write('e2e/support/site.ts', "import { today } from '../../src/shared/time';\n");
  const byTier: Record<Tier, string[]> = {
    unit: ['src/shared/time.test.ts'],
    server: [
      'src/server/modules/enquiries/rest.test.ts',
      'src/server/routers/visits.test.ts',
      'src/server/hour.test.ts',
    ],
    browser: ['e2e/home.test.ts', 'e2e/times.test.ts'],
    release: [],
  };
  write('src/shared/time.test.ts', "import { today } from './time';\n");
  write('src/server/modules/enquiries/rest.test.ts');
  write('src/server/routers/visits.test.ts');
  write('e2e/home.test.ts', "import { startSite } from './support/site';\n");
  write('e2e/times.test.ts', "import { today } from '../src/shared/time.ts';\n");
  // Through a subpath alias of package.json `imports` (decision 0061).
  write('src/server/hour.test.ts', "import { today } from '#shared/time.ts';\n");
  const touched = (file: string) => dearTestsTouched(root, [file], byTier);

  expect(touched('src/server/modules/enquiries/service.ts')).toEqual(['src/server/modules/enquiries/rest.test.ts']);
  expect(touched('src/server/modules/visits/service.ts')).toEqual(['src/server/routers/visits.test.ts']);
  // Directly or through a support module; the unit tests are vitest's to pick.
  expect(touched('src/shared/time.ts')).toEqual(['src/server/hour.test.ts', 'e2e/home.test.ts', 'e2e/times.test.ts']);
  expect(touched('src/shared/seo.ts')).toEqual([]);
  expect(touched('e2e/home.test.ts')).toEqual(['e2e/home.test.ts', 'e2e/times.test.ts']);
  fs.rmSync(root, { recursive: true });
});
