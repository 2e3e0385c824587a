import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { BlogPostList } from '../features/blog/BlogPostList';
import { PageHeader } from '../ui/PageHeader';

export default function BlogPage({ route }: PageProps) {
  const { page, posts } = usePageData('blog', route);
  return (
    <>
      <PageHeader title={page.heading} intro={page.intro} />
      <div className="section">
        <div className="container">
          <BlogPostList posts={posts} labels={page} />
        </div>
      </div>
    </>
  );
}
