import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from '#server/app.ts';
import { buildInfoFile } from '#server/buildOutput.ts';
import { loadConfig } from '#server/config.ts';
import { closeServices, createServices } from '#server/services.ts';
import { openStorage } from '#server/storage/database.ts';
import { latestRevision, listRevisions } from '#server/modules/content/repository.ts';
import { startingSiteContent, type SiteContent } from '#shared/content/siteContent.ts';
import { prerenderPaths } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { memoryLogger } from '#test/support/memoryLogger.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

/** Publishing while visitors read the site, and across restarts (issue 11, decision 0028). Needs the build. */

const sitePaths = prerenderPaths(startingBlogPosts()).filter((routePath) => !routePath.includes('_unknown'));
const withText = (text: string): SiteContent => ({
  ...startingSiteContent(),
  announcement: { ...startingSiteContent().announcement, text },
});

/** A visitor's request: the page's HTML as sent (brotli accepted, decoded by fetch). */
async function page(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  return { status: response.status, html: await response.text() };
}

describe('publishing while visitors read the site', () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer({ ...testStaffEnv });
  });
  afterAll(() => site?.close());

  it(
    'five publishes at once end in the newest revision on every page, and visitors meanwhile get whole pages with one announcement',
    { timeout: 120_000 },
    async () => {
      const staff = await signedInStaffApi(site);
      const texts = [1, 2, 3, 4, 5].map((n) => `Open day ${n} of 5: visit us this Saturday morning.`);
      const known = [startingSiteContent().announcement.text, ...texts];

      const seen: { path: string; status: number; complete: boolean; announcements: string[] }[] = [];
      let publishing = true;
      const visitors = Promise.all(
        ['/', '/faq', '/admissions', '/about'].map(async (pagePath) => {
          while (publishing) {
            const { status, html } = await page(`${site.url}${pagePath}`);
            seen.push({
              path: pagePath,
              status,
              complete: html.trimEnd().endsWith('</html>'),
              announcements: known.filter((text) => html.includes(text)),
            });
          }
        }),
      );
      const answers = await Promise.all(texts.map((text) => staff.mutate('content.publish', withText(text))));
      publishing = false;
      await visitors;

      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(seen.length).toBeGreaterThan(4);
      expect(
        seen.filter((visit) => visit.status !== 200 || !visit.complete || visit.announcements.length !== 1),
      ).toEqual([]);
      // The visitors were there while the pages changed, not only before or after.
      expect(new Set(seen.flatMap((visit) => visit.announcements)).size).toBeGreaterThan(1);

      // The revisions: the content the site was built with once, then the five, in one order.
      const revisions = await listRevisions(site.services.storage.db, 20);
      expect(revisions.filter((revision) => revision.actor === null)).toHaveLength(1);
      expect(revisions).toHaveLength(6);
      const newest = await latestRevision(site.services.storage.db);
      expect(newest?.revision.id).toBe(Math.max(...revisions.map((revision) => revision.id)));
      const newestText = newest?.content.announcement.text ?? '';
      expect(texts).toContain(newestText);

      const pages = await Promise.all(
        sitePaths.map(async (pagePath) => ({ pagePath, ...(await page(`${site.url}${pagePath}`)) })),
      );
      expect(pages.filter(({ html }) => !html.includes(newestText)).map(({ pagePath }) => pagePath)).toEqual([]);
      expect(
        pages
          .filter(({ html }) => known.filter((text) => html.includes(text)).length !== 1)
          .map(({ pagePath }) => pagePath),
      ).toEqual([]);
      const { draft } = await staff.query<{ draft: SiteContent }>('content.draft');
      expect(draft).toEqual(newest?.content);
    },
  );
});

describe('published pages across restarts', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-publishing-'));
  const text = 'Admissions open for 2026-27: the office is open on Saturdays.';
  const originalBuildInfo = fs.readFileSync(buildInfoFile, 'utf8');
  afterAll(() => {
    fs.writeFileSync(buildInfoFile, originalBuildInfo);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server as it starts in production: pages rendering in the background while it already listens. */
  async function startOn(): Promise<{
    url: string;
    services: Awaited<ReturnType<typeof createServices>>;
    log: ReturnType<typeof memoryLogger>;
    close(): Promise<void>;
  }> {
    const log = memoryLogger();
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...testStaffEnv });
    const services = await createServices(config, await openStorage(config.dataDir), log);
    const server = http.createServer(createRequestListener(services));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      services,
      log,
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await closeServices(services);
      },
    };
  }

  it(
    'a restart serves the stored pages at once; after a new build it renders them again and page requests wait for them',
    { timeout: 120_000 },
    async () => {
      const first = await startTestServer({ ...testStaffEnv }, { dataDir });
      try {
        const staff = await signedInStaffApi(first);
        expect((await staff.mutate('content.publish', withText(text))).status).toBe(200);
      } finally {
        // Stopping waits for the full-effort copies to be stored.
        await first.close();
      }

      const second = await startOn();
      try {
        const home = await page(`${second.url}/`);
        expect(home.status).toBe(200);
        expect(home.html).toContain(text);
        const messages = second.log.records.map((record) => record.message);
        expect(messages).toContain('Published pages read from the data folder');
        expect(messages).not.toContain('Published site content rendered');
      } finally {
        await second.close();
      }

      // A new build: its scripts' names may differ, so the stored pages cannot be used.
      fs.writeFileSync(
        buildInfoFile,
        JSON.stringify({ ...JSON.parse(originalBuildInfo), builtAt: new Date().toISOString() }),
      );
      const third = await startOn();
      try {
        const readyWhenAsked = third.services.sitePublisher.pages.ready();
        const [home, faq] = await Promise.all([page(`${third.url}/`), page(`${third.url}/faq`)]);
        expect(readyWhenAsked).toBe(false);
        expect([home.status, faq.status]).toEqual([200, 200]);
        expect(home.html).toContain(text);
        expect(faq.html).toContain(text);
        expect(home.html).not.toContain(startingSiteContent().announcement.text);
        expect(third.log.records.map((record) => record.message)).toContain('Published site content rendered');
      } finally {
        await third.close();
      }
    },
  );
});
