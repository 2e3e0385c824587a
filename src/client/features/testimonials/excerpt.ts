export type Excerpt = { opening: string; rest: string };

/**
 * Splits a text into an opening of at most `limit` characters, cut at a sentence end when one
 * falls in the second half, else at a word, and the rest. Short texts have an empty rest.
 */
export function splitExcerpt(text: string, limit: number): Excerpt {
  if (text.length <= limit) return { opening: text, rest: '' };
  const window = text.slice(0, limit);
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
  const cut = sentenceEnd >= limit / 2 ? sentenceEnd + 1 : window.lastIndexOf(' ');
  const at = cut > 0 ? cut : limit;
  return { opening: text.slice(0, at), rest: text.slice(at) };
}
