import { Link } from 'wouter';
import { blogPage, type BlogPost } from '../../../content/blog';
import { articleFor } from '../../../content/blogArticles';
import { blogPostPath } from '../../../shared/routeTable';
import { DateText } from '../../ui/DateText';
import { Disclosure } from '../../ui/disclosure/Disclosure';

/** A post in the list: picture, title (linking to the post's own page), date, excerpt and Read more. */
export function BlogPostCard({ post, eagerImage }: { post: BlogPost; eagerImage: boolean }) {
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
        <Disclosure showLabel={blogPage.readMore} hideLabel={blogPage.readLess} subject={post.title}>
          {articleFor(post.slug).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Disclosure>
      </div>
    </article>
  );
}
