import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDir } from '#server/buildOutput.ts';
import { schoolContact, startingFacts } from '#shared/content/schoolFacts.ts';
import { validContact } from '#test/support/enquiryTestData.ts';
import { launchBrowser, openPage } from './support/browser';
import { startCaddySite, type Answer, type CaddySite } from './support/caddySite';

const OWNER_PASSWORD = 'the owner signs in behind caddy';

let site: CaddySite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([
    startCaddySite({ ENQUIRY_RATE_LIMIT: '1' }, { ownerPassword: OWNER_PASSWORD }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Chromium trusting Caddy's local certificate authority, as a visitor trusts the school's real certificate. */
async function withContext<T>(use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

describe('Caddy from deploy/Caddyfile in front of the built app', () => {
  it('serves the pages over https, with HSTS', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      const response = await page.goto(`${site.url}/faq`);
      expect(response?.status()).toBe(200);
      expect(await response?.securityDetails()).toMatchObject({ protocol: expect.stringMatching(/^TLS 1\.[23]$/) });
      expect(response?.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(await openPage(page, `${site.url}/`)).toBe(200);
    });
  });

  it('redirects plain http, and the other host name, to the same page on the https site', async () => {
    const plain = await site.request(`${site.httpUrl}/admissions?year=2026`);
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe(`${site.url}/admissions?year=2026`);
    const other = await site.request(`${site.otherUrl}/admissions`);
    expect(other.status).toBe(308);
    expect(other.headers.location).toBe(`${site.url}/admissions`);
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${site.httpUrl}/contact`);
      expect(page.url()).toBe(`${site.url}/contact`);
    });
  });

  it('signs the first Owner in over https, with a Secure session cookie', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${site.url}/admin`);
      await page.getByLabel('Password').fill(OWNER_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Contact Form', level: 2 }).waitFor();
      const session = (await context.cookies(site.url)).find((cookie) => cookie.name.endsWith('staff_session'));
      expect(session).toMatchObject({ name: '__Host-staff_session', secure: true, httpOnly: true });
    });
  });

  it('passes the built files’ brotli and gzip bytes through unchanged', async () => {
    const assets = path.join(clientDir, 'assets');
    const [largest] = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js') && fs.existsSync(path.join(assets, `${name}.br`)))
      .sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size);
    expect(largest).toBeDefined();
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const answer = await site.request(`${site.url}/assets/${largest}`, { headers: { 'accept-encoding': encoding } });
      expect(answer.status, encoding).toBe(200);
      expect(answer.headers['content-encoding'], encoding).toBe(encoding);
      expect(answer.body.equals(fs.readFileSync(path.join(assets, `${largest}${suffix}`))), encoding).toBe(true);
    }
  });

  it('counts two visitors on different addresses separately for the enquiry limit (one per window here)', async () => {
    const send = (localAddress: string) =>
      site.request(`${site.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify(validContact()),
        localAddress,
      });
    expect((await send('127.0.0.2')).status).toBe(201);
    expect((await send('127.0.0.2')).status).toBe(429);
    expect((await send('127.0.0.3')).status).toBe(201);
    const db = new Database(path.join(site.dataDir, 'school.sqlite'), { readonly: true });
    try {
      expect(db.prepare('SELECT ip FROM contact_enquiries ORDER BY id').pluck().all()).toEqual([
        '127.0.0.2',
        '127.0.0.3',
      ]);
    } finally {
      db.close();
    }
  });

  it('keeps query strings, cookies and staff links out of its access log', async () => {
    await site.request(`${site.url}/faq?child=Arjun-Raman-query`, {
      headers: { cookie: '__Host-staff_session=cookie-value-in-log', referer: `${site.url}/blog?q=referer-query` },
    });
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${site.url}/admin#invite=staff-link-token-in-log`);
    });
    await expect.poll(() => site.caddyLog()).toContain('"uri":"/faq?…"');
    expect(site.caddyLog()).toContain('"uri":"/admin"');
    for (const secret of ['Arjun-Raman-query', 'cookie-value-in-log', 'referer-query', 'staff-link-token-in-log'])
      expect(site.caddyLog()).not.toContain(secret);
  });

  it('holds the requests that arrive while the app restarts: not one fails', async () => {
    const paths = ['/', '/faq', '/admissions', '/contact'];
    const failures: string[] = [];
    const duringRestart: Answer[] = [];
    // Before the restart, while it runs, after it: a request in flight at any moment of the restart
    // spans the middle phase, however slow the machine makes each request (CI once had none start inside it).
    let phase: 'before' | 'restarting' | 'after' = 'before';
    let running = true;
    const loop = async (offset: number) => {
      for (let i = offset; running; i++) {
        const pathname = paths[i % paths.length] ?? '/';
        const startedBeforeTheEnd = phase !== 'after';
        const answer = await site.request(`${site.url}${pathname}`).catch((error: Error) => {
          failures.push(`${pathname}: ${error.message}`);
          return undefined;
        });
        if (answer && answer.status !== 200) failures.push(`${pathname}: ${answer.status}`);
        if (answer && startedBeforeTheEnd && phase !== 'before') duringRestart.push(answer);
      }
    };
    const loops = [0, 1, 2].map(loop);
    await new Promise((resolve) => setTimeout(resolve, 500));
    phase = 'restarting';
    await site.restartApp();
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(loops);
    expect(failures).toEqual([]);
    expect(duringRestart.length).toBeGreaterThan(0);
  });

  it(
    'answers with its maintenance page, 503 with the school’s phone numbers, when the app stays down',
    { timeout: 90_000 },
    async () => {
      await site.stopApp();
      const answer = await site.request(`${site.url}/faq`);
      expect(answer.status).toBe(503);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = answer.body.toString('utf8');
      for (const phone of schoolContact(startingFacts()).phones) {
        expect(html).toContain(`<a href="tel:${phone.e164}"`);
        expect(html).toContain(`>${phone.display}</a>`);
      }
    },
  );
});
