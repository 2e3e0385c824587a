import type { ReadMoreLabels } from '../../../content/labels';
import type { BlogPostWithArticle } from '../../../content/blogArticles';
import { BlogPostCard } from './BlogPostCard';

/** Only the first picture is in view on arrival; the others load as the reader scrolls. */
const EAGER_IMAGES = 1;

export function BlogPostList({ posts, labels }: { posts: readonly BlogPostWithArticle[]; labels: ReadMoreLabels }) {
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
