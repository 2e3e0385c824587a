import { describe, expect, it } from 'vitest';
import { blogArticles } from '#content/blogArticles.ts';
import { blogPosts as shippedPosts } from '#content/blog.ts';
import { school } from '#content/school.ts';
import {
  blogPostMessages,
  blogPostsSchema,
  slugFrom,
  startingBlogPosts,
  withFormerSlugs,
  type BlogPost,
  type BlogPostInput,
} from './blogPosts';

const [first, second] = startingBlogPosts();
if (!first || !second) throw new Error('The starting content has posts');

const messagesOf = (posts: BlogPostInput[]) => {
  const parsed = blogPostsSchema.safeParse(posts);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('blog posts as site content', () => {
  it('start as the posts that ship with the site, their paragraphs as Markdown paragraphs', () => {
    const posts = startingBlogPosts();
    expect(posts.map((post) => post.slug)).toEqual(shippedPosts.map((post) => post.slug));
    expect(first.body.split('\n\n')).toEqual(blogArticles[first.slug]);
    expect(first).toMatchObject({ id: first.slug, formerSlugs: [], author: school.founder.name });
  });

  it('give the founder as author when none is written', () => {
    const [post] = blogPostsSchema.parse([{ ...first, author: '  ' }]);
    expect(post?.author).toBe(school.founder.name);
  });

  it('refuse an address another post has, or had, beside that post’s address field', () => {
    expect(messagesOf([first, { ...second, slug: first.slug }])).toEqual([
      ['0.slug', blogPostMessages.slugTaken(first.slug, second.title)],
      ['1.slug', blogPostMessages.slugTaken(first.slug, first.title)],
    ]);
    expect(
      messagesOf([
        { ...first, formerSlugs: ['old-address'] },
        { ...second, slug: 'old-address' },
      ]),
    ).toEqual([['1.slug', blogPostMessages.slugWasTaken('old-address', first.title)]]);
    expect(messagesOf([{ ...first, slug: 'Our Sports Day' }])).toEqual([['0.slug', blogPostMessages.slugInvalid]]);
    expect(messagesOf([{ ...first, slug: 'double--hyphen' }])).toEqual([['0.slug', blogPostMessages.slugInvalid]]);
  });

  it('let a post take back one of its own earlier addresses', () => {
    const [post] = blogPostsSchema.parse([{ ...first, slug: 'was-here', formerSlugs: ['was-here', 'other'] }]);
    expect(post?.formerSlugs).toEqual(['other']);
  });

  it('refuse a body over the limit, and a cover picture without a description', () => {
    expect(messagesOf([{ ...first, body: 'x'.repeat(30_001) }])).toEqual([['0.body', blogPostMessages.bodyTooLong]]);
    expect(messagesOf([{ ...first, image: { ...first.image, alt: ' ' } }]).map(([path]) => path)).toContain(
      '0.image.alt',
    );
  });
});

describe('earlier addresses at publish', () => {
  const renamed = (post: BlogPost, slug: string): BlogPost => ({ ...post, slug });

  it('keep a renamed post’s old address, found by its id', () => {
    expect(withFormerSlugs([first, second], [renamed(first, 'new-address'), second])[0]?.formerSlugs).toEqual([
      first.slug,
    ]);
    // Renamed twice before one publish: only the published address was ever public.
    expect(withFormerSlugs([first], [renamed(first, 'third')])[0]?.formerSlugs).toEqual([first.slug]);
  });

  it('keep nothing for a new post, an unchanged one, or an address another post takes at the same time', () => {
    expect(withFormerSlugs([], [first])[0]?.formerSlugs).toEqual([]);
    expect(withFormerSlugs([first], [first])[0]?.formerSlugs).toEqual([]);
    const swapped = withFormerSlugs([first, second], [renamed(first, 'moved'), renamed(second, first.slug)]);
    expect(swapped.map((post) => post.formerSlugs)).toEqual([[], [second.slug]]);
  });

  it('give an address back to the post that takes it again', () => {
    const once = withFormerSlugs([first], [renamed(first, 'b')]);
    const back = withFormerSlugs(once, [{ ...renamed(first, first.slug), formerSlugs: once[0]?.formerSlugs ?? [] }]);
    expect(back[0]?.formerSlugs).toEqual(['b']);
    expect(blogPostsSchema.safeParse(back).success).toBe(true);
  });
});

describe('an address from a title', () => {
  it('is lowercase kebab-case, and valid', () => {
    expect(slugFrom('Sports Day, 2026!')).toBe('sports-day-2026');
    expect(slugFrom('  "Help Me" — Do It  ')).toBe('help-me-do-it');
    expect(slugFrom('Café Über')).toBe('cafe-uber');
    expect(messagesOf([{ ...first, slug: slugFrom('x '.repeat(60)) }])).toEqual([]);
  });
});
