import { blogPage, blogPosts } from '../../content/blog';
import { BlogPostList } from '../features/blog/BlogPostList';

export default function BlogPage() {
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{blogPage.heading}</h1>
          <p>{blogPage.intro}</p>
        </div>
      </header>
      <section className="section">
        <div className="container">
          <BlogPostList posts={blogPosts} />
        </div>
      </section>
    </>
  );
}
