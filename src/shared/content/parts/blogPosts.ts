/** The blog posts as a part: the form marks new posts, whose address follows their title until it is edited. */
import type { SiteImage } from '../photos';
import { blogPostsSchema, blogPostsTexts, startingBlogPosts, type BlogPost, type BlogPostInput } from '../blogPosts';
import { contentPart, nextKey } from './part';

/** A post as the form holds it: the picture may be missing until one is uploaded; `isNew` posts take their address from the title until it is edited. */
export type BlogPostEntry = Omit<BlogPost, 'image'> & {
  image: SiteImage | undefined;
  key: number;
  isNew: boolean;
  slugEdited: boolean;
};

export const blogPostsPart = contentPart({
  label: blogPostsTexts.heading,
  schema: blogPostsSchema.default(startingBlogPosts),
  starting: startingBlogPosts,
  formOf: (posts: BlogPost[]): BlogPostEntry[] =>
    posts.map((post) => ({ ...post, key: nextKey(), isNew: false, slugEdited: true })),
  /** What the schema checks: the form's extras left out. */
  contentOf: (entries: BlogPostEntry[]): BlogPostInput[] =>
    entries.map(({ key: _key, isNew: _isNew, slugEdited: _slugEdited, ...post }) => post),
});
