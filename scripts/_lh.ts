import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2]!;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
await chrome.kill();
const { audits } = result!.lhr;
for (const id of ['inspector-issues', 'link-text', 'layout-shifts', 'cumulative-layout-shift', 'bootup-time', 'total-blocking-time', 'largest-contentful-paint-element']) {
  const a = audits[id];
  if (a) console.log(id, a.score, a.displayValue ?? '', JSON.stringify(a.details ?? {}).slice(0, 1500));
}
