import { describe, expect, it, vi } from 'vitest';
import { prerenderPaths, resolveRoute } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { render } from './entry-server';

const PUBLIC_URL = 'https://school.example';
const SETTINGS = { publicUrl: PUBLIC_URL, closedEnquiryMonths: 24 };

describe('server rendering', () => {
  it.each(prerenderPaths(startingBlogPosts()))('renders %s without errors', async (path) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = await render(path, SETTINGS);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();

    const route = resolveRoute(path, startingBlogPosts());
    expect(page.route.page).toBe(route.page);
    expect(page.head).toContain('<title>');
    expect(page.head).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}${route.canonicalPath === '/' ? '/' : route.canonicalPath}" />`,
    );
    if (route.clientOnly) {
      expect(page.head).toContain('noindex');
    } else {
      expect(page.html).toContain('<h1');
      // CSP allows no inline style attributes: the markup must not carry any.
      expect(page.html).not.toMatch(/\sstyle="/);
    }
  });

  it('describes the school in JSON-LD on the home page', async () => {
    const page = await render('/', SETTINGS);
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.head);
    expect(match).not.toBeNull();
    const data = JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
    expect(data['@type']).toEqual(['School', 'EducationalOrganization']);
    for (const key of [
      'name',
      'address',
      'telephone',
      'email',
      'geo',
      'openingHoursSpecification',
      'areaServed',
      'hasOfferCatalog',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
  });

  it('states in the privacy notice the retention period the build was made with', async () => {
    const page = await render('/privacy', { ...SETTINGS, closedEnquiryMonths: 18 });
    expect(page.html).toContain('18 months after the last change');
    expect(page.head).toContain('18 months after the last change');
  });

  it.each(['/contact', '/admission-enquiry'])(
    'links the form at %s to the privacy notice, right after its Send button',
    async (path) => {
      const page = await render(path, SETTINGS);
      expect(page.html).toMatch(
        /<button type="submit"[^>]*>[^<]*<\/button><p class="enquiry-form__privacy"><a href="\/privacy">How we use your details<\/a><\/p>/,
      );
    },
  );

  it('links every page to the privacy notice from its footer', async () => {
    const page = await render('/faq', SETTINGS);
    expect(page.html).toMatch(/<footer[^]*<a href="\/privacy">Privacy<\/a>[^]*<\/footer>/);
  });
});
