import type { BlogPostWithArticle } from '../../../content/blogArticles';
import { DateText } from '../../ui/DateText';

/** A whole post on its own page: title, date, picture, excerpt and the full text. */
export function BlogPostArticle({ post }: { post: BlogPostWithArticle }) {
  const { image } = post;
  return (
    <article className="blog-post">
      <header className="blog-post__header">
        <h1>{post.title}</h1>
        <p className="blog-meta">
          <DateText date={post.date} /> · {post.author}
        </p>
      </header>
      <img className="blog-post__image" src={image.src} alt={image.alt} width={image.width} height={image.height} />
      <p className="blog-post__excerpt lead">{post.excerpt}</p>
      {post.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
