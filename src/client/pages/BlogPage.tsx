import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { BlogPostList } from '#client/features/blog/BlogPostList.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

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
