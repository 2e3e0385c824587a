import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { BackToBlogLink } from '#client/features/blog/BackToBlogLink.tsx';
import { BlogPostArticle } from '#client/features/blog/BlogPostArticle.tsx';
import { blogTexts } from '#client/features/blog/texts.ts';

export default function BlogPostPage({ route }: PageProps) {
  const { page, post } = usePageData('blogPost', route);
  if (!post) {
    return (
      <div className="section">
        <div className="container blog-missing">
          <h1>{page.notFound}</h1>
          <p className="lead">{blogTexts.notFoundHint}</p>
          <BackToBlogLink />
        </div>
      </div>
    );
  }
  return (
    <div className="section">
      <div className="container">
        <BlogPostArticle post={post} />
        <div className="blog-post blog-post__back">
          <BackToBlogLink />
        </div>
      </div>
    </div>
  );
}
