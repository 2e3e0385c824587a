import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { BackToBlogLink } from '../features/blog/BackToBlogLink';
import { BlogPostArticle } from '../features/blog/BlogPostArticle';
import { blogTexts } from '../features/blog/texts';

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
