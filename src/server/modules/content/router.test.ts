import type { PreviewPage } from '#shared/content/preview.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startingSiteContent, type SiteContent, type SiteContentInput } from '#shared/content/siteContent.ts';
import type { ContentRevision } from './repository';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type Answer<T> = { result: { data: { json: T } }; error: { json: { message: string } } };
type DraftState = { draft: SiteContent; published: SiteContent; unpublished: string[]; previewPages: PreviewPage[] };
type Published = { revision: ContentRevision };

describe('site content: drafts, publishing and revisions', { timeout: 60_000 }, () => {
  let server: TestServer;
  let editor: string;
  const PASSWORD = 'divya keeps a long password';

  const call = async <T = Published>(path: string, cookie: string, input?: unknown) => {
    const response =
      input === undefined
        ? await fetch(`${server.url}/api/trpc/${path}`, { headers: { cookie } })
        : await postJson(`${server.url}/api/trpc/${path}`, { json: input }, { cookie });
    return { status: response.status, body: (await response.json()) as Answer<T> };
  };
  const content = (
    changes: Partial<SiteContentInput['announcement']> = {},
    admissionsYear = '2026-27',
  ): SiteContentInput => ({
    announcement: { ...startingSiteContent().announcement, ...changes },
    admissionsYear,
  });

  beforeAll(async () => {
    // Without the site's pages: rendering is tested against the build in e2e/site-content.test.ts.
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    await addStaffAccount(server.services, {
      email: 'divya@example.in',
      name: 'Divya Raj',
      role: 'editor',
      password: PASSWORD,
    });
    editor = await loginCookie(server.url, PASSWORD, {}, 'divya@example.in');
  });
  afterAll(() => server.close());

  it('starts from the content that ships with the site, with nothing to publish', async () => {
    const { status, body } = await call<DraftState>('content.draft', editor);
    expect(status).toBe(200);
    const { previewPages, ...state } = body.result.data.json;
    expect(state).toEqual({ draft: startingSiteContent(), published: startingSiteContent(), unpublished: [] });
    // Every page a visitor reaches can be previewed, by its title; the dashboard cannot.
    expect(previewPages).toContainEqual({ path: '/admissions', title: 'Admissions' });
    expect(previewPages).toContainEqual({ path: '/programs/toddler', title: expect.stringContaining('Toddler') });
    expect(previewPages.map((page) => page.path)).not.toContain('/admin');
    expect(startingSiteContent().announcement.text).toContain(startingSiteContent().admissionsYear);
    const nothing = await call('content.publish', editor, startingSiteContent());
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.json.message).toBe('There are no changes to publish.');
  });

  it('refuses bad content with a plain sentence per field, and keeps the draft as it was', async () => {
    const cases: [SiteContentInput, string][] = [
      [content({ text: '   ' }), 'Please write the announcement.'],
      [content({ text: 'x'.repeat(201) }), 'Please keep the announcement under 200 characters.'],
      [content({ link: '/no-such-page' }), 'Please give a page of this site'],
      [content({ link: 'javascript:alert(1)' }), 'Please give a page of this site'],
      [content({ link: 'http://example.com' }), 'Please give a page of this site'],
      [content({ from: '2026-12-10', until: '2026-12-01' }), 'The last day cannot be before the first day.'],
      [content({}, '2026-28'), 'Please write the admissions year as two years, such as 2026-27.'],
      [content({}, '26-27'), 'Please write the admissions year as two years, such as 2026-27.'],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await call<DraftState>('content.saveDraft', editor, input);
      expect(status, message).toBe(400);
      expect(body.error.json.message).toContain(message);
    }
    expect((await call<DraftState>('content.draft', editor)).body.result.data.json.unpublished).toEqual([]);
  });

  it('keeps a draft unpublished until Publish, then records a revision with who and what changed', async () => {
    const draft = content({ text: 'Admissions open for 2026-27. Visit us on Saturday.' });
    expect((await call<DraftState>('content.saveDraft', editor, draft)).body.result.data.json).toEqual({
      unpublished: ['announcement', 'admissionsYear'],
    });
    const state = (await call<DraftState>('content.draft', editor)).body.result.data.json;
    expect(state.draft.announcement.text).toBe('Admissions open for 2026-27. Visit us on Saturday.');
    expect(state.published).toEqual(startingSiteContent());

    const published = await call('content.publish', editor, draft);
    expect(published.status).toBe(200);
    // The first publish also keeps the content the site was built with, as revision 1.
    expect(published.body.result.data.json.revision).toMatchObject({
      id: 2,
      actor: 'Divya Raj',
      changed: ['announcement', 'admissionsYear'],
      restoredFrom: null,
    });
    const after = (await call<DraftState>('content.draft', editor)).body.result.data.json;
    expect(after.published.admissionsYear).toBe('2026-27');
    expect(after.unpublished).toEqual([]);

    const trail = server.services.storage.sqlite
      .prepare(`select actor, action, details from audit_events where action like 'content-%'`)
      .all();
    expect(trail).toEqual([
      {
        actor: 'Divya Raj',
        action: 'content-published',
        details: JSON.stringify({ revision: 2, changed: 'announcement, admissionsYear' }),
      },
    ]);
  });

  it('restores an earlier revision in one step, as a new revision', async () => {
    await call('content.publish', editor, content({ text: 'Open day on 6 December.', shown: false }));
    const revisions = (await call<ContentRevision[]>('content.revisions', editor)).body.result.data.json;
    expect(revisions.map((revision) => revision.id)).toEqual([3, 2, 1]);
    expect(revisions[2]).toMatchObject({ actor: null, changed: [] });
    expect(revisions[0]?.changed).toEqual(['announcement']);

    const restored = await call('content.restore', editor, { revisionId: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body.result.data.json.revision).toMatchObject({
      id: 4,
      restoredFrom: 2,
      changed: ['announcement'],
    });
    const state = (await call<DraftState>('content.draft', editor)).body.result.data.json;
    expect(state.published.announcement).toMatchObject({
      text: 'Admissions open for 2026-27. Visit us on Saturday.',
      shown: true,
    });
    expect((await call('content.restore', editor, { revisionId: 99 })).status).toBe(404);
  });

  it('reads content stored before later parts existed with their starting content', async () => {
    const { sqlite } = server.services.storage;
    const older = { announcement: startingSiteContent().announcement, admissionsYear: '2027-28' };
    sqlite
      .prepare(
        `insert into content_revisions (published_at, actor, content, changed) values (?, 'Divya Raj', ?, '["admissionsYear"]')`,
      )
      .run(new Date().toISOString(), JSON.stringify(older));
    const state = (await call<DraftState>('content.draft', editor)).body.result.data.json;
    expect(state.published).toEqual({ ...startingSiteContent(), admissionsYear: '2027-28' });
  });

  it('publishes the gallery, the team and the testimonials at their limits, a body far over the 32 KB of other calls; refuses one over 4 MB', async () => {
    const current = (await call<DraftState>('content.draft', editor)).body.result.data.json.published;
    const photo = (index: number) => ({
      photoId: index.toString(16).padStart(24, '0'),
      width: 1600,
      height: 1200,
      alt: 'é'.repeat(250),
    });
    const largest = {
      ...current,
      gallery: Array.from({ length: 60 }, (_, index) => ({
        title: 'c'.repeat(80),
        category: 'Garden',
        image: photo(index),
      })),
      team: Array.from({ length: 30 }, (_, index) => ({
        name: 'n'.repeat(80),
        role: 'r'.repeat(80),
        photo: photo(100 + index),
        shortBio: 's'.repeat(300),
        fullBio: Array.from({ length: 6 }, () => 'ப'.repeat(1200)),
      })),
      testimonials: Array.from({ length: 20 }, () => ({
        name: 'n'.repeat(80),
        role: 'Parent',
        text: 'அ'.repeat(2000),
      })),
    };
    expect(Buffer.byteLength(JSON.stringify({ json: largest }))).toBeGreaterThan(500_000);
    const published = await call('content.publish', editor, largest);
    expect(published.status, JSON.stringify(published.body.error)).toBe(200);
    expect(published.body.result.data.json.revision.changed).toEqual(['gallery', 'team', 'testimonials']);
    const tooLarge = await call('content.saveDraft', editor, {
      ...largest,
      testimonials: [{ name: 'n', role: 'Parent', text: 'x'.repeat(5 * 1024 * 1024) }],
    });
    expect(tooLarge.status).toBe(413);
    // Other calls keep their own limit.
    expect((await call('content.restore', editor, { revisionId: 1, padding: 'x'.repeat(40 * 1024) })).status).toBe(413);
  });

  it('lets only the Editor and the Owner near it', async () => {
    await addStaffAccount(server.services, {
      email: 'arul@example.in',
      name: 'Arul Selvam',
      role: 'office',
      password: PASSWORD,
    });
    const office = await loginCookie(server.url, PASSWORD, {}, 'arul@example.in');
    expect((await call('content.publish', office, content({ text: 'Not mine to publish' }))).status).toBe(403);
    expect((await call<DraftState>('content.draft', await loginCookie(server.url))).status).toBe(200);
  });
});
