/**
 * A blog post's Markdown as HTML, made by the renderer when it renders the page (only
 * client/app/pageDataLoaders.ts imports this): the page data carries the HTML, so neither
 * library reaches the browser. Two locks: markdown-it writes no HTML of its own (raw HTML is
 * shown as text, links are checked), then sanitize-html keeps only the elements and attributes
 * listed here, whatever the parser let through.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** http(s), mailto and tel links, and addresses on this site (/about, not //elsewhere nor /\elsewhere, which browsers read as another site). */
export function isAllowedHref(href: string): boolean {
  if (href.startsWith('/')) return !/^\/[/\\]/.test(href);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' || scheme === 'tel';
}

const isExternal = (href: string) => /^https?:/i.test(href);

// Images are off: a picture needs a description and a size, which the cover picture's field asks for.
const parser = new MarkdownIt('default', { html: false, linkify: false, typographer: false }).disable('image');
// A link the list does not allow stays as its text, brackets and all: no javascript: or data: address can become a link.
parser.validateLink = isAllowedHref;

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      const kept: sanitizeHtml.Attributes = !isAllowedHref(href)
        ? {}
        : isExternal(href)
          ? { href, rel: 'noopener noreferrer' }
          : { href };
      return { tagName, attribs: kept };
    },
  },
};

/**
 * The post's body as safe HTML. Its headings start at `firstHeading` (2 on the post's own page,
 * under its h1 title; 3 on the blog page, under each post's h2), whichever level the writer began at.
 */
export function markdownToHtml(body: string, { firstHeading }: { firstHeading: 2 | 3 }): string {
  const tokens = parser.parse(body, {});
  const levels = tokens.filter((token) => token.type === 'heading_open').map((token) => Number(token.tag.slice(1)));
  const shift = levels.length ? firstHeading - Math.min(...levels) : 0;
  for (const token of tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close')
      token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + shift)}`;
  }
  return sanitizeHtml(parser.renderer.render(tokens, parser.options, {}), allowed);
}
