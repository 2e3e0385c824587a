import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redirects, resolveRoute } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { awards } from './awards';
import { blogPosts } from './blog';
import { blogArticles } from './blogArticles';
import { countryCodes, defaultCountryCode } from './countryCodes';
import { faqCategories } from './faq';
import { galleryImages } from './gallery';
import { galleryCategories } from './galleryCategories';
import { heroSlides } from './hero';
import type { Image } from './images';
import { footerLinkGroups, mainMenu, sitemapGroups, type MenuItem } from '#shared/siteNavigation.ts';
import { programNames, programs } from './programs';
import { school } from './school';
import { team } from './team';
import { testimonials } from './testimonials';
import { startingContact } from '#test/support/schoolFacts.ts';

const publicDir = path.resolve(import.meta.dirname, '../../public');

/** A link works when it names a page, or a redirect to one. */
function resolves(linkPath: string): boolean {
  const target = redirects[linkPath] ?? linkPath;
  return resolveRoute(target, startingBlogPosts()).status === 200;
}

describe('content integrity', () => {
  it('has 28 gallery images over the 6 categories, in the spec order', () => {
    expect(galleryImages).toHaveLength(28);
    expect(galleryCategories).toEqual([
      'Toddler Program',
      'Primary Program',
      'Elementary Program',
      'Adolescent Program',
      'Garden',
      'Workshops',
    ]);
    const used = new Set(galleryImages.map((image) => image.category));
    expect([...used].sort()).toEqual([...galleryCategories].sort());
    expect(new Set(galleryImages.map((image) => image.id)).size).toBe(28);
  });

  it('has the founder’s 11 posts with unique slugs, two of them named by the spec', () => {
    expect(blogPosts).toHaveLength(11);
    const slugs = blogPosts.map((post) => post.slug);
    expect(new Set(slugs).size).toBe(11);
    expect(slugs).toEqual(expect.arrayContaining(['farm-trip', 'montessori-during-lockdown']));
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const post of blogPosts) expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('has the full text of every post, and no text without a post', () => {
    expect(Object.keys(blogArticles).sort()).toEqual(blogPosts.map((post) => post.slug).sort());
    for (const paragraphs of Object.values(blogArticles)) expect(paragraphs.length).toBeGreaterThan(1);
  });

  it('has 6 parent testimonials, some very long', () => {
    expect(testimonials).toHaveLength(6);
    for (const testimonial of testimonials) expect(testimonial.role).toBe('Parent');
    expect(testimonials.some((testimonial) => testimonial.text.split(/\s+/).length > 150)).toBe(true);
  });

  it('has 9 team members, 3 hero slides, 2 awards, 4 programs and 7 FAQ categories', () => {
    expect(team).toHaveLength(9);
    expect(heroSlides).toHaveLength(3);
    expect(awards).toHaveLength(2);
    expect(Object.keys(programs).sort()).toEqual([...programNames].sort());
    expect(faqCategories(startingContact).map((category) => category.id)).toEqual([
      'montessori',
      'admission',
      'curriculum',
      'schedule',
      'facilities',
      'policies',
      'parents',
    ]);
    for (const category of faqCategories(startingContact)) expect(category.items.length).toBeGreaterThan(2);
  });

  it('offers the 10 country codes with +91 by default', () => {
    expect(countryCodes.map((option) => option.code)).toEqual([
      '+91',
      '+1',
      '+44',
      '+61',
      '+64',
      '+971',
      '+65',
      '+81',
      '+82',
      '+60',
    ]);
    expect(defaultCountryCode).toBe('+91');
  });

  it('keeps the school facts the spec fixes', () => {
    expect(school.foundingYears).toEqual([2002, 2012]);
    expect(school.mergerYear).toBe(2022);
    expect(school.cambridgeFromYear).toBe(2024);
    expect(school.admissionsYear).toBe('2025-26');
    expect(school.terms).toEqual(['June', 'September', 'January']);
    expect(school.sisterSchools).toHaveLength(2);
  });

  it('links every menu, footer and sitemap entry to a page that exists', () => {
    const flatten = (items: MenuItem[]): string[] =>
      items.flatMap((item) => [item.path, ...flatten(item.children ?? [])]);
    const links = [
      ...flatten(mainMenu),
      ...footerLinkGroups.flatMap((group) => group.links.map((link) => link.path)),
      ...sitemapGroups.flatMap((group) => group.links.map((link) => link.path)),
    ];
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) expect(resolves(link), link).toBe(true);
    expect(links).toContain('/programs/pre-primary');
    expect(links).toContain('/admin');
  });

  it('gives every image a file that exists, its size and alt text', () => {
    const images: Image[] = [
      ...heroSlides.map((slide) => slide.image),
      ...team.map((member) => member.photo),
      ...awards.map((award) => award.image),
      ...galleryImages.map((image) => image.image),
      ...blogPosts.map((post) => post.image),
      school.ogImage,
    ];
    for (const image of images) {
      expect(fs.existsSync(path.join(publicDir, image.src)), image.src).toBe(true);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
      expect(image.alt.length, image.src).toBeGreaterThan(10);
    }
  });
});
