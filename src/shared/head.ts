import { school } from '#content/school.ts';
import type { ResolvedRoute } from './routes';
import { absoluteUrl, pageTitle } from './seo';

export type MetaTag = { name: string; content: string } | { property: string; content: string };

export type Head = {
  title: string;
  meta: MetaTag[];
  canonical: string;
};

/** Title, description, robots, canonical and Open Graph tags of a route: one builder for server and client. */
export function headFor(route: ResolvedRoute, publicUrl: string): Head {
  const title = pageTitle(route.title);
  const canonical = absoluteUrl(publicUrl, route.canonicalPath);
  return {
    title,
    canonical,
    meta: [
      { name: 'description', content: route.description },
      { name: 'robots', content: route.indexable ? 'index, follow' : 'noindex, follow' },
      { property: 'og:type', content: route.page === 'blogPost' ? 'article' : 'website' },
      { property: 'og:site_name', content: school.name },
      { property: 'og:title', content: title },
      { property: 'og:description', content: route.description },
      { property: 'og:url', content: canonical },
      { property: 'og:image', content: absoluteUrl(publicUrl, school.ogImage.src) },
      { property: 'og:image:alt', content: school.ogImage.alt },
      { property: 'og:locale', content: 'en_IN' },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
  };
}
