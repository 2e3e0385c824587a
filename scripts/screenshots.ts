/**
 * Screenshots of every page at the two viewports the site is designed for, for a person to look at:
 * `BUILD_DIR=.builds/x tsx scripts/screenshots.ts [outDir] [path …]` (the build must exist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, newContext, openPage, viewports, type ViewportName } from '#e2e/support/browser.ts';
import { startSite } from '#e2e/support/site.ts';
import { staticRoutes } from '#shared/routes.ts';

const [outDir = 'screenshots', ...requested] = process.argv.slice(2);
const paths = requested.length
  ? requested
  : [...staticRoutes.map((route) => route.path), '/programs/adolescent', '/blog/farm-trip', '/no-such-page'];
fs.mkdirSync(outDir, { recursive: true });

const site = await startSite({ ADMIN_PASSWORD: 'screenshots-only-password' });
const browser = await launchBrowser();
try {
  for (const viewport of Object.keys(viewports) as ViewportName[]) {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    for (const routePath of paths) {
      await openPage(page, `${site.url}${routePath}`);
      const name = `${routePath === '/' ? 'home' : routePath.slice(1).replace(/\//g, '_')}-${viewport}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL_PAGE === '1' });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
