/**
 * The blog posts the office writes and publishes (issue 11): one schema for the dashboard's form,
 * the server's check and the stored revisions. The body is Markdown; the renderer turns it into
 * HTML on the server (markdown.ts), so no Markdown code reaches the browser.
 */
import { blogPosts as shippedPosts } from '#content/blog.ts';
import { articleFor } from '#content/blogArticles.ts';
import { school } from '#content/school.ts';
import { parseCalendarDate } from '#shared/enquiries/birthDate.ts';
import { blogPostPath } from '#shared/routeTable.ts';
import { compareIso } from '#shared/time.ts';
import { photoMessages, siteImageSchema } from './photos';
import { z } from '#shared/zod.ts';

/** The dashboard's labels and hints, by field. */
export const blogPostLabels = {
  title: 'Title',
  slug: 'Address',
  date: 'Date',
  author: 'Author',
  image: 'Cover picture',
  excerpt: 'Summary',
  body: 'Text',
  formerSlugs: 'Earlier addresses',
} as const;

export const blogPostHints = {
  slug: 'The end of the post’s address, /blog/…: small letters, digits and hyphens, such as our-sports-day. If you change it, the old address keeps leading here.',
  author: 'Leave empty for the founder.',
  excerpt: 'Two or three sentences, shown on the blog page and under the title.',
  body: 'Markdown: a blank line between paragraphs, ## for a heading, **bold**, *italic*, - for a list, [words](https://address) for a link.',
  formerSlugs: 'Earlier addresses of this post still lead to it. Remove one to let another post use it.',
} as const;

export const blogPostsTexts = {
  heading: 'Blog posts',
  hint: 'Newest first on the blog page. A post is on the site once you publish.',
  item: 'post',
  add: 'Add a post',
} as const;

export const BLOG_POSTS_MAX = 200;
export const BODY_MAX = 30_000;
const SLUG_MAX = 80;

export const blogPostMessages = {
  titleMissing: 'Please give the post a title.',
  titleTooLong: 'Please keep the title under 120 characters.',
  slugInvalid: 'Please write the address in small letters, digits and hyphens, such as our-sports-day.',
  slugTooLong: `Please keep the address under ${SLUG_MAX} characters.`,
  dateInvalid: 'Please give the day of the post, such as 2026-12-05.',
  authorTooLong: 'Please keep the author’s name under 80 characters.',
  excerptMissing: 'Please write a short summary for the blog page.',
  excerptTooLong: 'Please keep the summary under 320 characters.',
  bodyMissing: 'Please write the post.',
  bodyTooLong: `Please keep the post under ${BODY_MAX.toLocaleString('en-IN')} characters.`,
  tooManyPosts: `Please keep at most ${BLOG_POSTS_MAX} posts.`,
  slugTaken: (slug: string, title: string) =>
    `The post “${title}” already has the address ${blogPostPath(slug)}. Please choose another.`,
  slugWasTaken: (slug: string, title: string) =>
    `${blogPostPath(slug)} was an address of the post “${title}” and still leads to it. Please choose another, or remove it from that post’s earlier addresses.`,
} as const;

/** Small letters and digits in words joined by single hyphens: our-sports-day. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugSchema = z
  .string()
  .trim()
  .max(SLUG_MAX, blogPostMessages.slugTooLong)
  .regex(SLUG_PATTERN, blogPostMessages.slugInvalid);

const founder = school.founder.name;

/** One post. `id` never changes, so a publish can tell a renamed post from a new one (decision 0030). */
export const blogPostSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,80}$/),
    title: z.string().trim().min(1, blogPostMessages.titleMissing).max(120, blogPostMessages.titleTooLong),
    slug: slugSchema,
    date: z
      .string()
      .trim()
      .refine((value) => parseCalendarDate(value) !== undefined, blogPostMessages.dateInvalid),
    author: z
      .string()
      .trim()
      .max(80, blogPostMessages.authorTooLong)
      .default('')
      .transform((author) => author || founder),
    // The dashboard's form has no picture until one is uploaded: then the plain message, not zod's.
    image: z
      .unknown()
      .refine((image) => image !== undefined, photoMessages.photoMissing)
      .pipe(siteImageSchema),
    excerpt: z.string().trim().min(1, blogPostMessages.excerptMissing).max(320, blogPostMessages.excerptTooLong),
    body: z.string().trim().min(1, blogPostMessages.bodyMissing).max(BODY_MAX, blogPostMessages.bodyTooLong),
    formerSlugs: z.array(slugSchema).max(50).default([]),
  })
  // A post may take back one of its own earlier addresses: that one is then its address again, not an earlier one.
  .transform((post) => ({ ...post, formerSlugs: [...new Set(post.formerSlugs)].filter((slug) => slug !== post.slug) }));

export type BlogPost = z.output<typeof blogPostSchema>;
export type BlogPostInput = z.input<typeof blogPostSchema>;

/** A post as a page shows it: its body as HTML (made on the server, markdown.ts), not its Markdown. */
export type BlogPostShown = Omit<BlogPost, 'id' | 'body' | 'formerSlugs'> & { html: string };

/** What the routes need of a post: its address, its title and its description. */
export type BlogPostHead = Pick<BlogPost, 'slug' | 'title' | 'excerpt'>;

/** Every address, current or earlier, belongs to one post only: the message goes beside the slug that clashes. */
export const blogPostsSchema = z
  .array(blogPostSchema)
  .max(BLOG_POSTS_MAX, blogPostMessages.tooManyPosts)
  .superRefine((posts, context) => {
    posts.forEach((post, index) => {
      const others = posts.filter((_other, otherIndex) => otherIndex !== index);
      const current = others.find((other) => other.slug === post.slug);
      const earlier = others.find((other) => other.formerSlugs.includes(post.slug));
      const message = current
        ? blogPostMessages.slugTaken(post.slug, current.title)
        : earlier
          ? blogPostMessages.slugWasTaken(post.slug, earlier.title)
          : undefined;
      if (message) context.addIssue({ code: 'custom', message, path: [index, 'slug'] });
      if (others.some((other) => other.id === post.id))
        context.addIssue({ code: 'custom', message: 'Two posts have the same id.', path: [index, 'id'] });
    });
  });

/** The posts that ship in src/content, their paragraphs as Markdown; each one's first address is its id. */
export function startingBlogPosts(): BlogPost[] {
  return blogPostsSchema.parse(
    shippedPosts.map(({ slug, title, date, author, image, excerpt }) => ({
      id: slug,
      title,
      slug,
      date,
      author,
      image,
      excerpt,
      body: articleFor(slug).join('\n\n'),
      formerSlugs: [],
    })),
  );
}

/**
 * The posts as published, given the ones published before (decision 0030): a post whose address
 * changed (same id, another slug) keeps its old address among its earlier ones, unless another
 * post now has it (or lists it already); an address a post has now is nobody's earlier one.
 */
export function withFormerSlugs(before: readonly BlogPost[], after: readonly BlogPost[]): BlogPost[] {
  const current = new Set(after.map((post) => post.slug));
  const earlier = new Set(after.flatMap((post) => post.formerSlugs));
  return after.map((post) => {
    const previous = before.find((candidate) => candidate.id === post.id);
    const kept = previous && previous.slug !== post.slug && !earlier.has(previous.slug) ? [previous.slug] : [];
    return { ...post, formerSlugs: [...new Set([...post.formerSlugs, ...kept])].filter((slug) => !current.has(slug)) };
  });
}

/** The post now at this address, and the one whose earlier address it is. */
export const postAt = <P extends Pick<BlogPost, 'slug'>>(posts: readonly P[], slug: string): P | undefined =>
  posts.find((post) => post.slug === slug);

export const postFormerlyAt = <P extends Pick<BlogPost, 'formerSlugs'>>(
  posts: readonly P[],
  slug: string,
): P | undefined => posts.find((post) => post.formerSlugs.includes(slug));

/** An address made from a title, for a new post until the office writes its own: "Sports Day, 2026!" → sports-day-2026. */
export function slugFrom(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** Newest first, as the blog page lists them. */
export const newestFirst = <P extends Pick<BlogPost, 'date'>>(posts: readonly P[]): P[] =>
  [...posts].sort((a, b) => compareIso(b.date, a.date));
