import { describe, expect, it } from 'vitest';
import { startingBlogPosts } from './content/blogPosts';
import { programNames } from '#content/programs.ts';
import { indexablePaths, normalisePath, prerenderPaths, programFromParam, redirects, resolveRoute } from './routes';
import { pageTitle } from './seo';

const posts = startingBlogPosts();

describe('program parameter rule', () => {
  it('accepts exactly the four program names', () => {
    for (const name of programNames) expect(programFromParam(name)).toBe(name);
    for (const other of ['', 'Toddler', 'pre-primary', 'kindergarten', 'toddler ', undefined]) {
      expect(programFromParam(other)).toBeUndefined();
    }
  });

  it('shows the programs page with the chosen tab for a valid name', () => {
    const route = resolveRoute('/programs/elementary', posts);
    expect(route).toMatchObject({ page: 'programs', status: 200, params: { program: 'elementary' }, indexable: true });
    expect(route.canonicalPath).toBe('/programs/elementary');
  });

  it('shows the default tab for an unknown name, without indexing it', () => {
    const route = resolveRoute('/programs/swimming', posts);
    expect(route).toMatchObject({ page: 'programs', status: 200, indexable: false, canonicalPath: '/programs' });
    expect(programFromParam(route.params.program)).toBeUndefined();
  });

  it('sends pre-primary to the primary programme', () => {
    expect(redirects['/programs/pre-primary']).toBe('/programs/primary');
  });
});

describe('title rule', () => {
  it('appends the school name unless the title already contains it', () => {
    expect(pageTitle('Gallery', 'Aranya Montessori School')).toBe('Gallery | Aranya Montessori School');
    expect(pageTitle('Welcome to Aranya Montessori School', 'Aranya Montessori School')).toBe(
      'Welcome to Aranya Montessori School',
    );
    expect(pageTitle('about ARANYA MONTESSORI SCHOOL', 'Aranya Montessori School')).toBe(
      'about ARANYA MONTESSORI SCHOOL',
    );
  });
});

describe('route table', () => {
  it('resolves every path of the spec route table', () => {
    const expected: Record<string, string> = {
      '/': 'home',
      '/about': 'about',
      '/about/our-approach': 'ourApproach',
      '/about/our-team': 'ourTeam',
      '/about/awards-recognition': 'awards',
      '/curriculum': 'programs',
      '/programs': 'programs',
      '/faq': 'faq',
      '/testimonials': 'testimonials',
      '/gallery': 'gallery',
      '/blog': 'blog',
      '/contact': 'contact',
      '/parents-corner': 'parentsCorner',
      '/admission-enquiry': 'admissionEnquiry',
      '/admissions': 'admissions',
      '/admin': 'admin',
      '/sitemap': 'sitemap',
    };
    for (const [path, page] of Object.entries(expected)) {
      expect(resolveRoute(path, posts), path).toMatchObject({ page, status: 200 });
    }
  });

  it('answers 404 for unknown paths and unknown blog slugs', () => {
    expect(resolveRoute('/no-such-page', posts)).toMatchObject({ page: 'notFound', status: 404 });
    expect(resolveRoute('/about/nothing', posts)).toMatchObject({ page: 'notFound', status: 404 });
    expect(resolveRoute('/blog/no-such-post', posts)).toMatchObject({ page: 'blogPost', status: 404 });
  });

  it('answers every address under /admin with the one dashboard page, never indexed', () => {
    for (const path of ['/admin/staff', '/admin/enquiries/contact', '/admin/content/blog', '/admin/no-such-section']) {
      expect(resolveRoute(path, posts), path).toMatchObject({
        page: 'admin',
        status: 200,
        clientOnly: true,
        indexable: false,
        canonicalPath: '/admin',
        prerenderPath: '/admin',
      });
    }
    expect(resolveRoute('/administration', posts)).toMatchObject({ page: 'notFound', status: 404 });
  });

  it('knows both named blog posts', () => {
    for (const slug of ['farm-trip', 'montessori-during-lockdown']) {
      expect(resolveRoute(`/blog/${slug}`, posts)).toMatchObject({ page: 'blogPost', status: 200, params: { slug } });
    }
  });

  it('follows the blog posts it is given: a new post is a page, a renamed one is not at its old address', () => {
    const [first, ...others] = posts;
    if (!first) throw new Error('The starting content has posts');
    const renamed = [{ ...first, slug: 'a-new-address', title: 'A New Title' }, ...others];
    expect(resolveRoute('/blog/a-new-address', renamed)).toMatchObject({
      status: 200,
      title: 'A New Title',
      indexable: true,
    });
    expect(resolveRoute(`/blog/${first.slug}`, renamed)).toMatchObject({ page: 'blogPost', status: 404 });
    expect(prerenderPaths(renamed)).toContain('/blog/a-new-address');
    expect(indexablePaths(renamed)).not.toContain(`/blog/${first.slug}`);
  });

  it('ignores a trailing slash and a query', () => {
    expect(normalisePath('/faq/')).toBe('/faq');
    expect(normalisePath('/faq?x=1')).toBe('/faq');
    expect(normalisePath('/')).toBe('/');
  });

  it('keeps every normalised path on the site: one leading slash, never // or /\\ (another host to a browser)', () => {
    expect(normalisePath('//evil.example/')).toBe('/evil.example');
    expect(normalisePath('/\\evil.example/')).toBe('/evil.example');
    expect(normalisePath('///evil.example//')).toBe('/evil.example');
    expect(normalisePath('/\\/evil.example')).toBe('/evil.example');
    expect(normalisePath('/faq//')).toBe('/faq');
    expect(normalisePath('/%2F%2Fevil.example/')).toBe('/%2F%2Fevil.example');
  });

  it('prerenders every route, program and post, and indexes only canonical public pages', () => {
    const paths = prerenderPaths(posts);
    expect(new Set(paths).size).toBe(paths.length);
    for (const post of posts) expect(paths).toContain(`/blog/${post.slug}`);
    const indexed = indexablePaths(posts);
    expect(indexed).not.toContain('/admin');
    expect(indexed.some((path) => path.includes('_unknown') || path === '/404')).toBe(false);
    expect(indexed).toContain('/programs/adolescent');
  });

  it('gives every indexable page its own title and description', () => {
    const pages = indexablePaths(posts).map((path) => resolveRoute(path, posts));
    for (const route of pages) {
      expect(route.title.length, route.canonicalPath).toBeGreaterThan(2);
      expect(route.description.length, route.canonicalPath).toBeGreaterThan(50);
      expect(route.description.length, route.canonicalPath).toBeLessThanOrEqual(170);
    }
    const contentPages = pages.filter((route) => route.page !== 'programs');
    expect(new Set(contentPages.map((route) => route.description)).size).toBe(contentPages.length);
  });
});

describe('light matcher and full resolver agree', () => {
  it('choose the same page for every prerendered path and a few strangers', async () => {
    const { matchRoute } = await import('./routeTable');
    for (const path of [
      ...prerenderPaths(posts),
      '/faq/',
      '/programs/xyz',
      '/blog/nope',
      '/a/b/c',
      '/api/contact',
      '/api/admission-enquiry',
    ]) {
      expect(matchRoute(path).page, path).toBe(resolveRoute(path, posts).page);
    }
  });

  it('resolves a no-JavaScript form answer to the form page, not indexed', () => {
    expect(resolveRoute('/api/contact', posts)).toMatchObject({
      page: 'contact',
      status: 200,
      indexable: false,
      canonicalPath: '/contact',
    });
    expect(resolveRoute('/api/admission-enquiry', posts)).toMatchObject({
      page: 'admissionEnquiry',
      status: 200,
      canonicalPath: '/admission-enquiry',
    });
  });
});
