import type { BlogPost } from '../../../content/blog';
import { BlogPostCard } from './BlogPostCard';

/** Only the first picture is in view on arrival; the others load as the reader scrolls. */
const EAGER_IMAGES = 1;

export function BlogPostList({ posts }: { posts: readonly BlogPost[] }) {
  return (
    <ul className="blog-list" role="list">
      {posts.map((post, index) => (
        <li key={post.slug}>
          <BlogPostCard post={post} eagerImage={index < EAGER_IMAGES} />
        </li>
      ))}
    </ul>
  );
}
