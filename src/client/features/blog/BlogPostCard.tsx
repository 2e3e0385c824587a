import { Link } from 'wouter';
import type { ReadMoreLabels } from '../../../content/labels';
import type { BlogPostWithArticle } from '../../../content/blogArticles';
import { blogPostPath } from '../../../shared/routeTable';
import { DateText } from '../../ui/DateText';
import { Disclosure } from '../../ui/disclosure/Disclosure';

/** A post in the list: picture, title (linking to the post's own page), date, excerpt and Read more. */
export function BlogPostCard({ post, labels, eagerImage }: { post: BlogPostWithArticle; labels: ReadMoreLabels; eagerImage: boolean }) {
  const { image } = post;
  return (
    <article className="blog-card card">
      <img
        className="blog-card__image"
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={eagerImage ? 'eager' : 'lazy'}
        decoding="async"
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
          {post.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Disclosure>
      </div>
    </article>
  );
}
