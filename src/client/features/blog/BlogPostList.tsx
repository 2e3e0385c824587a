import type { ReadMoreLabels } from '#content/labels.ts';
import type { BlogPostShown } from '#shared/content/blogPosts.ts';
import { BlogPostCard } from './BlogPostCard';

/** Only the first picture is in view on arrival; the others load as the reader scrolls. */
const EAGER_IMAGES = 1;

export function BlogPostList({ posts, labels }: { posts: readonly BlogPostShown[]; labels: ReadMoreLabels }) {
  return (
    <ul className="blog-list" role="list">
      {posts.map((post, index) => (
        <li key={post.slug}>
          <BlogPostCard post={post} labels={labels} eagerImage={index < EAGER_IMAGES} />
        </li>
      ))}
    </ul>
  );
}
