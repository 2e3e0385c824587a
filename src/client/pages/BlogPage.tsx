import { blogPage, blogPosts } from '../../content/blog';
import { BlogPostList } from '../features/blog/BlogPostList';
import { PageHeader } from '../ui/PageHeader';

export default function BlogPage() {
  return (
    <>
      <PageHeader title={blogPage.heading} intro={blogPage.intro} />
      <div className="section">
        <div className="container">
          <BlogPostList posts={blogPosts} />
        </div>
      </div>
    </>
  );
}
