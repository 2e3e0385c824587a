import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startingSiteContent, type SiteContent, type SiteContentInput } from '#shared/content/siteContent.ts';
import type { ContentRevision } from './repository';
import { fillTheDisk, freeTheDisk } from '#test/support/fullDisk.ts';
import { ensureSiteBuilt } from '#test/support/siteBuild.ts';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type Answer<T> = { result: { data: { json: T } }; error: { json: { message: string } } };
type DraftState = { draft: SiteContent; published: SiteContent; unpublished: string[] };

const PASSWORD = 'divya keeps a long password';
const OPEN_DAY = 'Open day on Saturday 12 December: come and see the classrooms.';
const SPORTS_DAY = 'Sports Day on 9 January: parents welcome from 8 am.';

/**
 * Publishing is all or nothing (issue 27): the pages are rendered and stored before the revision
 * is committed, and swapped in only after it is; a failure on the way leaves the site, the
 * revisions and the audit trail as they were, the changes a draft, and Publish free to run again.
 */
describe('a publish the site cannot show', { timeout: 120_000 }, () => {
  let server: TestServer;
  let editor: string;

  beforeAll(async () => {
    ensureSiteBuilt();
    server = await startTestServer({ ...testStaffEnv });
    await server.services.sitePublisher.pages.whenReady();
    await addStaffAccount(server.services, {
      email: 'divya@example.in',
      name: 'Divya Raj',
      role: 'editor',
      password: PASSWORD,
    });
    editor = await loginCookie(server.url, PASSWORD, {}, 'divya@example.in');
  }, 600_000);
  afterAll(() => server?.close(), 60_000);

  const call = async <T>(procedure: string, input?: unknown) => {
    const response =
      input === undefined
        ? await fetch(`${server.url}/api/trpc/${procedure}`, { headers: { cookie: editor } })
        : await postJson(`${server.url}/api/trpc/${procedure}`, { json: input }, { cookie: editor });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Answer<T>,
    };
  };
  const home = async () => (await fetch(server.url)).text();
  const withAnnouncement = (text: string): SiteContentInput => ({
    ...startingSiteContent(),
    announcement: { ...startingSiteContent().announcement, text },
  });
  const revisions = async () => (await call<ContentRevision[]>('content.revisions')).body.result.data.json;
  const draftState = async () => (await call<DraftState>('content.draft')).body.result.data.json;
  const auditedContent = () =>
    server.services.storage.sqlite.prepare(`select action from audit_events where action like 'content-%'`).all();

  /** The folder the published pages are stored in cannot be made: a file stands where it goes. */
  const pagesFolder = () => path.join(server.dataDir, 'published-pages');
  const blockThePagesFolder = () => {
    fs.rmSync(pagesFolder(), { recursive: true, force: true });
    fs.writeFileSync(pagesFolder(), '');
  };

  it('is not published when its pages cannot be stored: the changes stay a draft, and Publish works once they can', async () => {
    blockThePagesFolder();
    const refused = await call('content.publish', withAnnouncement(OPEN_DAY));
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('60');
    expect(refused.body.error.json.message).toBe(
      'The site could not be updated, so nothing was published. Your changes are kept as a draft: please try again in a few minutes.',
    );
    expect(await home()).not.toContain(OPEN_DAY);
    const state = await draftState();
    expect(state.unpublished).toEqual(['announcement']);
    expect(state.draft.announcement.text).toBe(OPEN_DAY);
    expect(state.published).toEqual(startingSiteContent());
    expect(await revisions()).toEqual([]);
    expect(auditedContent()).toEqual([]);
    expect(
      server.log.records.some(
        (record) => record.level === 'error' && JSON.stringify(record).includes('published-pages'),
      ),
    ).toBe(true);

    fs.rmSync(pagesFolder());
    const published = await call<{ revision: ContentRevision }>('content.publish', withAnnouncement(OPEN_DAY));
    expect(published.status).toBe(200);
    expect(published.body.result.data.json.revision.changed).toEqual(['announcement']);
    expect(await home()).toContain(OPEN_DAY);
    expect((await draftState()).unpublished).toEqual([]);
    expect(auditedContent()).toEqual([{ action: 'content-published' }]);
  });

  it('is not restored when the revision cannot be stored (a full disk): the site keeps what it showed, and Restore works once there is room', async () => {
    const before = await revisions();
    fillTheDisk(server);
    const refused = await call('content.restore', { revisionId: 1 });
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('60');
    expect(refused.body.error.json.message).toBe(
      'The site could not be updated, so the earlier version was not brought back. Please try again in a few minutes.',
    );
    expect(await home()).toContain(OPEN_DAY);
    expect(await revisions()).toEqual(before);
    expect(auditedContent()).toEqual([{ action: 'content-published' }]);

    freeTheDisk(server);
    const restored = await call<{ revision: ContentRevision }>('content.restore', { revisionId: 1 });
    expect(restored.status).toBe(200);
    expect(restored.body.result.data.json.revision).toMatchObject({ restoredFrom: 1, changed: ['announcement'] });
    const page = await home();
    expect(page).not.toContain(OPEN_DAY);
    expect(page).toContain(startingSiteContent().announcement.text.replace(/'/g, '&#x27;'));
  });

  it('on a full disk keeps the changes as a draft when they fit in its place, says so when they do not, and shows nothing of them', async () => {
    fillTheDisk(server);
    const kept = await call('content.publish', withAnnouncement(SPORTS_DAY));
    expect(kept.status).toBe(503);
    expect(kept.body.error.json.message).toBe(
      'The site could not be updated, so nothing was published. Your changes are kept as a draft: please try again in a few minutes.',
    );
    expect((await draftState()).draft.announcement.text).toBe(SPORTS_DAY);

    // Every biography at its longest: some 20 KB more than the draft's place holds.
    const team = startingSiteContent().team.map((member, index) => ({
      ...member,
      fullBio: [1, 2].map((paragraph) =>
        `Please read paragraph ${paragraph} of biography ${index + 1}. `.repeat(40).slice(0, 1200).trim(),
      ),
    }));
    const notKept = await call('content.publish', { ...withAnnouncement(SPORTS_DAY), team });
    expect(notKept.status).toBe(503);
    expect(notKept.body.error.json.message).toBe(
      'The site could not be updated, and your changes could not be saved either. Keep this page open and try again in a few minutes.',
    );
    expect((await draftState()).draft.team).not.toEqual(team);
    expect(await home()).not.toContain(SPORTS_DAY);

    freeTheDisk(server);
    expect((await call('content.publish', { ...withAnnouncement(SPORTS_DAY), team })).status).toBe(200);
    expect(await home()).toContain(SPORTS_DAY);
    expect((await draftState()).unpublished).toEqual([]);
  });
});

describe('the temporary pages folder of a publish the server was killed in', { timeout: 120_000 }, () => {
  it('is removed at the next start', async () => {
    ensureSiteBuilt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-pages-'));
    const leftover = path.join(dataDir, 'published-pages', 'some-key.4242.tmp');
    fs.mkdirSync(leftover, { recursive: true });
    fs.writeFileSync(path.join(leftover, 'index.html'), '<p>half a set</p>');
    const server = await startTestServer({ ...testStaffEnv }, { dataDir });
    try {
      await server.services.sitePublisher.pages.whenReady();
      expect(fs.existsSync(leftover)).toBe(false);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
