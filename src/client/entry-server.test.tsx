import { describe, expect, it, vi } from 'vitest';
import { prerenderPaths, resolveRoute } from '../shared/routes';
import { render } from './entry-server';

const PUBLIC_URL = 'https://school.example';

describe('server rendering', () => {
  it.each(prerenderPaths())('renders %s without errors', async (path) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = await render(path, PUBLIC_URL);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();

    const route = resolveRoute(path);
    expect(page.route.page).toBe(route.page);
    expect(page.head).toContain('<title>');
    expect(page.head).toContain(`<link rel="canonical" href="${PUBLIC_URL}${route.canonicalPath === '/' ? '/' : route.canonicalPath}" />`);
    if (route.clientOnly) {
      expect(page.head).toContain('noindex');
    } else {
      expect(page.html).toContain('<h1');
      // CSP allows no inline style attributes: the markup must not carry any.
      expect(page.html).not.toMatch(/\sstyle="/);
    }
  });

  it('describes the school in JSON-LD on the home page', async () => {
    const page = await render('/', PUBLIC_URL);
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.head);
    expect(match).not.toBeNull();
    const data = JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
    expect(data['@type']).toEqual(['School', 'EducationalOrganization']);
    for (const key of ['name', 'address', 'telephone', 'email', 'geo', 'openingHoursSpecification', 'areaServed', 'hasOfferCatalog']) {
      expect(data, key).toHaveProperty(key);
    }
  });
});
