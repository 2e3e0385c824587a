/**
 * A post's text: HTML the renderer made from the office's Markdown on the server and sanitised
 * there (src/shared/content/markdown.ts), carried in the page data. The browser only places it.
 */
export function PostBody({ html }: { html: string }) {
  return <div className="blog-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
