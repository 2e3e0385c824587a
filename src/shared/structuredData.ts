import { areasServed } from '../content/areasServed';
import { blogPosts } from '../content/blog';
import { faqCategories } from '../content/faq';
import { programNames, programs } from '../content/programs';
import { school } from '../content/school';
import type { SchoolContact } from '../content/schoolFacts';
import { programPath, type ResolvedRoute } from './routes';
import { absoluteUrl } from './seo';

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

function blogPostStructuredData(slug: string, publicUrl: string): JsonLd | undefined {
  const post = blogPosts.find((candidate) => candidate.slug === slug);
  if (!post) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    datePublished: post.date,
    image: absoluteUrl(publicUrl, post.image.src),
    description: post.excerpt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@id': absoluteUrl(publicUrl, '/#school') },
  };
}

/** JSON-LD blocks for a page: the school on its main pages, FAQ questions, blog posts. */
export function structuredDataFor(route: ResolvedRoute, publicUrl: string, contact: SchoolContact): JsonLd[] {
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
    case 'blogPost': {
      const post = route.params.slug ? blogPostStructuredData(route.params.slug, publicUrl) : undefined;
      return post ? [post] : [];
    }
    default:
      return [];
  }
}
