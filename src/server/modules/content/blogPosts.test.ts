import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPostMessages, type BlogPostInput } from '#shared/content/blogPosts.ts';
import {
  siteContentMessages,
  startingSiteContent,
  type SiteContent,
  type SiteContentInput,
} from '#shared/content/siteContent.ts';
import type { ContentRevision } from './repository';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type Answer<T> = {
  result: { data: { json: T } };
  error: { json: { message: string; data: { fieldErrors: Record<string, string[]> } } };
};
type DraftState = { draft: SiteContent; published: SiteContent; unpublished: string[] };

describe('blog posts in the site content', { timeout: 60_000 }, () => {
  let server: TestServer;
  let editor: string;
  const PASSWORD = 'divya keeps a long password';
  const starting = startingSiteContent();
  const [first, second] = starting.blogPosts;
  if (!first || !second) throw new Error('The starting content has posts');

  const call = async <T = { revision: ContentRevision }>(path: string, input?: unknown) => {
    const response =
      input === undefined
        ? await fetch(`${server.url}/api/trpc/${path}`, { headers: { cookie: editor } })
        : await postJson(`${server.url}/api/trpc/${path}`, { json: input }, { cookie: editor });
    return { status: response.status, body: (await response.json()) as Answer<T> };
  };
  const published = async () => (await call<DraftState>('content.draft')).body.result.data.json.published;
  const withPosts = (content: SiteContent, blogPosts: BlogPostInput[]): SiteContentInput => ({ ...content, blogPosts });

  beforeAll(async () => {
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

  it('refuses an address another post has, with a plain sentence for the blog posts', async () => {
    const { status, body } = await call(
      'content.saveDraft',
      withPosts(starting, [first, { ...second, slug: first.slug }]),
    );
    expect(status).toBe(400);
    expect(body.error.json.data.fieldErrors.blogPosts).toContain(blogPostMessages.slugTaken(first.slug, first.title));
    const badSlug = await call('content.saveDraft', withPosts(starting, [{ ...first, slug: 'Sports Day!' }]));
    expect(badSlug.body.error.json.message).toBe(blogPostMessages.slugInvalid);
    expect((await call<DraftState>('content.draft')).body.result.data.json.unpublished).toEqual([]);
  });

  it('keeps a renamed post’s old address at publish, so it can lead to the new one', async () => {
    const renamed = withPosts(starting, [
      { ...first, slug: 'mixed-ages', title: 'Mixed Ages' },
      ...starting.blogPosts.slice(1),
    ]);
    const answer = await call('content.publish', renamed);
    expect(answer.status).toBe(200);
    expect(answer.body.result.data.json.revision.changed).toEqual(['blogPosts']);
    const state = (await call<DraftState>('content.draft')).body.result.data.json;
    expect(state.published.blogPosts[0]).toMatchObject({ id: first.id, slug: 'mixed-ages', formerSlugs: [first.slug] });
    // The draft follows the revision: the dashboard shows the earlier address.
    expect(state.draft.blogPosts[0]?.formerSlugs).toEqual([first.slug]);

    // Another post may not take the old address while it leads to the renamed one.
    const taken = await call(
      'content.publish',
      withPosts(state.published, [...state.published.blogPosts.slice(0, 1), { ...second, slug: first.slug }]),
    );
    expect(taken.status).toBe(400);
    expect(taken.body.error.json.message).toBe(blogPostMessages.slugWasTaken(first.slug, 'Mixed Ages'));
  });

  it('accepts a banner link to a published post at its address or an earlier one, and refuses one to no post', async () => {
    const current = await published();
    const linked = (link: string) =>
      call('content.saveDraft', { ...current, announcement: { ...current.announcement, link } });
    expect((await linked('/blog/mixed-ages')).status).toBe(200);
    expect((await linked(`/blog/${first.slug}`)).status).toBe(200);
    const refused = await linked('/blog/no-such-post');
    expect(refused.status).toBe(400);
    expect(refused.body.error.json.message).toBe(siteContentMessages.linkInvalid);
  });

  it('gives the address back when a post is renamed back, and keeps the one it leaves', async () => {
    const current = await published();
    const [renamed, ...others] = current.blogPosts;
    if (!renamed) throw new Error('A post was published');
    expect(
      (await call('content.publish', withPosts(current, [{ ...renamed, slug: first.slug }, ...others]))).status,
    ).toBe(200);
    expect((await published()).blogPosts[0]).toMatchObject({ slug: first.slug, formerSlugs: ['mixed-ages'] });
  });

  it('adds and removes posts; a new post’s author is the founder unless written', async () => {
    const current = await published();
    const post: BlogPostInput = {
      ...second,
      id: 'p-new-1',
      slug: 'sports-day',
      title: 'Sports Day',
      author: '',
      body: '## Races\n\nEveryone ran.',
      formerSlugs: [],
    };
    expect((await call('content.publish', withPosts(current, [post, ...current.blogPosts.slice(2)]))).status).toBe(200);
    const after = (await published()).blogPosts;
    expect(after[0]).toMatchObject({ slug: 'sports-day', author: starting.blogPosts[0]?.author });
    expect(after.map((candidate) => candidate.id)).not.toContain(first.id);
  });
});
