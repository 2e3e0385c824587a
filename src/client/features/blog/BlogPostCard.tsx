import { Link } from 'wouter';
import type { ReadMoreLabels } from '#content/labels.ts';
import type { BlogPostShown } from '#shared/content/blogPosts.ts';
import { blogPostPath } from '#shared/routeTable.ts';
import { DateText } from '#client/ui/DateText.tsx';
import { Disclosure } from '#client/ui/disclosure/Disclosure.tsx';
import { Picture } from '#client/ui/Picture.tsx';
import { PostBody } from './PostBody';

/** A post in the list: picture, title (linking to the post's own page), date, excerpt and Read more. */
export function BlogPostCard({
  post,
  labels,
  eagerImage,
}: {
  post: BlogPostShown;
  labels: ReadMoreLabels;
  eagerImage: boolean;
}) {
  return (
    <article className="blog-card card">
      <Picture
        className="blog-card__image"
        image={post.image}
        sizes="(min-width: 800px) 24rem, 100vw"
        loading={eagerImage ? 'eager' : 'lazy'}
      />
      <div className="blog-card__body">
        <h2 className="blog-card__title">
          <Link href={blogPostPath(post.slug)}>{post.title}</Link>
        </h2>
        <p className="blog-meta">
          <DateText date={post.date} /> · {post.author}
        </p>
        <p>{post.excerpt}</p>
        <Disclosure showLabel={labels.readMore} hideLabel={labels.readLess} subject={post.title}>
          <PostBody html={post.html} />
        </Disclosure>
      </div>
    </article>
  );
}
