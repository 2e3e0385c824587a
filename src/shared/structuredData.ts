import { areasServed } from '#content/areasServed.ts';
import { faqCategories } from '#content/faq.ts';
import { programNames, programs } from '#content/programs.ts';
import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { blogPostPath, programPath, type ResolvedRoute } from './routes';
import { absoluteUrl } from './seo';
import { newestFirst, postAt, type BlogPost } from './content/blogPosts';
import { isPhoto, photoSrc, photoWidths } from './content/photoCopies';
import type { SiteImage } from './content/photos';

type JsonLd = Record<string, unknown>;

const dayUrl = (day: string) => `https://schema.org/${day}`;

/** The school as schema.org sees it: one description, built from the same facts the pages show (the contact facts as published). */
export function schoolStructuredData(publicUrl: string, contact: SchoolContact): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': ['School', 'EducationalOrganization'],
    '@id': absoluteUrl(publicUrl, '/#school'),
    name: school.name,
    description: school.description,
    url: absoluteUrl(publicUrl, '/'),
    logo: absoluteUrl(publicUrl, '/favicon.svg'),
    image: absoluteUrl(publicUrl, school.ogImage.src),
    email: contact.email,
    telephone: contact.phones.map((phone) => phone.e164),
    foundingDate: String(school.foundingYears[0]),
    address: {
      '@type': 'PostalAddress',
      streetAddress: contact.address.streetAddress,
      addressLocality: `${contact.address.locality}, ${contact.address.city}`,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: school.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: school.geo.latitude, longitude: school.geo.longitude },
    hasMap: contact.mapsUrl,
    openingHoursSpecification: contact.officeHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days.map(dayUrl),
      opens: hours.opens,
      closes: hours.closes,
    })),
    areaServed: areasServed.flatMap((group) => group.places).map((place) => ({ '@type': 'Place', name: place })),
    sameAs: [school.social.facebook, school.social.instagram],
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Programs',
      itemListElement: programNames.map((name) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Course',
          name: programs[name].title,
          description: programs[name].summary,
          url: absoluteUrl(publicUrl, programPath(name)),
          provider: { '@id': absoluteUrl(publicUrl, '/#school') },
        },
      })),
    },
  };
}

function faqStructuredData(contact: SchoolContact): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqCategories(contact).flatMap((category) =>
      category.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: Array.isArray(item.answer) ? item.answer.join(' ') : item.answer },
      })),
    ),
  };
}

/** An image's address: an illustration's own, a photo's largest JPEG copy. */
function imageUrl(image: SiteImage): string {
  return isPhoto(image) ? photoSrc(image.photoId, photoWidths(image.width).at(-1) ?? image.width, 'jpeg') : image.src;
}

function blogPosting(post: BlogPost, publicUrl: string): JsonLd {
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    url: absoluteUrl(publicUrl, blogPostPath(post.slug)),
    datePublished: post.date,
    image: absoluteUrl(publicUrl, imageUrl(post.image)),
    description: post.excerpt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@id': absoluteUrl(publicUrl, '/#school') },
  };
}

/** The blog page lists every published post, newest first, as the page does. */
function blogStructuredData(publicUrl: string, posts: readonly BlogPost[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    url: absoluteUrl(publicUrl, '/blog'),
    publisher: { '@id': absoluteUrl(publicUrl, '/#school') },
    blogPost: newestFirst(posts).map((post) => blogPosting(post, publicUrl)),
  };
}

/** JSON-LD blocks for a page: the school on its main pages, FAQ questions, blog posts (the published ones). */
export function structuredDataFor(
  route: ResolvedRoute,
  publicUrl: string,
  posts: readonly BlogPost[],
  contact: SchoolContact,
): JsonLd[] {
  if (route.status !== 200 || !route.indexable) return [];
  switch (route.page) {
    case 'home':
    case 'about':
    case 'contact':
    case 'programs':
    case 'admissions':
      return [schoolStructuredData(publicUrl, contact)];
    case 'faq':
      return [faqStructuredData(contact)];
    case 'blog':
      return [blogStructuredData(publicUrl, posts)];
    case 'blogPost': {
      const post = route.params.slug === undefined ? undefined : postAt(posts, route.params.slug);
      return post ? [{ '@context': 'https://schema.org', ...blogPosting(post, publicUrl) }] : [];
    }
    default:
      return [];
  }
}
