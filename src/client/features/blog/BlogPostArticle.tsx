import type { BlogPostShown } from '#shared/content/blogPosts.ts';
import { DateText } from '#client/ui/DateText.tsx';
import { Picture } from '#client/ui/Picture.tsx';
import { PostBody } from './PostBody';

/** A whole post on its own page: title, date, picture, excerpt and the full text. */
export function BlogPostArticle({ post }: { post: BlogPostShown }) {
  return (
    <article className="blog-post">
      <header className="blog-post__header">
        <h1>{post.title}</h1>
        <p className="blog-meta">
          <DateText date={post.date} /> · {post.author}
        </p>
      </header>
      <Picture
        className="blog-post__image"
        image={post.image}
        sizes="(min-width: 44rem) 44rem, 100vw"
        loading="eager"
      />
      <p className="blog-post__excerpt lead">{post.excerpt}</p>
      <PostBody html={post.html} />
    </article>
  );
}
