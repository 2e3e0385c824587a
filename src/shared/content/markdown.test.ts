import { describe, expect, it } from 'vitest';
import { isAllowedHref, markdownToHtml } from './markdown';

const html = (body: string) => markdownToHtml(body, { firstHeading: 2 });

/** Every href the HTML holds. */
const hrefs = (markup: string) => [...markup.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe('blog posts in Markdown', () => {
  it('writes paragraphs, emphasis, lists and quotes as HTML', () => {
    expect(html('One *two* **three**.\n\nAnother paragraph.')).toBe(
      '<p>One <em>two</em> <strong>three</strong>.</p>\n<p>Another paragraph.</p>\n',
    );
    expect(html('- a\n- b\n\n3. c\n4. d\n\n> quoted')).toBe(
      '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n',
    );
  });

  it('shows a script tag as text and never as an element', () => {
    const out = html(
      'Hello <script>alert(1)</script> there\n\n<script>alert(2)</script>\n\n<img src=x onerror=alert(3)>',
    );
    expect(out).not.toMatch(/<script|<img/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(3)&gt;');
  });

  it('makes no link of a javascript:, data: or vbscript: address, in any spelling', () => {
    for (const body of [
      '[x](javascript:alert(1))',
      '[x](JavaScript:alert(1))',
      '[x](  javascript:alert(1) )',
      '[x](java%0ascript:alert(1))',
      '[x](&#106;avascript:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[x](vbscript:msgbox)',
      '<javascript:alert(1)>',
      '[x][ref]\n\n[ref]: javascript:alert(1)',
      '[x](//evil.example/path)',
    ]) {
      const out = html(body);
      expect(hrefs(out), body).toEqual([]);
      expect(out, body).not.toMatch(/<a\b/);
    }
    // A backslash is sent encoded, so the address stays on this site.
    expect(hrefs(html('[x](/\\evil.example)'))).toEqual(['/%5Cevil.example']);
    // The words stay, as text.
    expect(html('[x](javascript:alert(1))')).toContain('[x](javascript:alert(1))');
  });

  it('can carry no event handler or style attribute', () => {
    for (const body of [
      '[x](https://a.example "t\\" onmouseover=\\"alert(1))',
      '<a href="https://a.example" onclick="alert(1)">x</a>',
      '*x*{onclick=alert(1)}',
      '<p style="color:red" onerror="alert(1)">x</p>',
    ]) {
      expect(html(body), body).not.toMatch(/<[^>]*\s(on[a-z]+|style)=/i);
    }
  });

  it('keeps http(s), mailto, tel and site links; external ones open nothing of ours', () => {
    const out = html(
      '[a](https://example.org/x) [b](http://example.org) [c](mailto:office@school.example) [d](tel:+914412345678) [e](/admissions) <https://example.net>',
    );
    expect(hrefs(out)).toEqual([
      'https://example.org/x',
      'http://example.org',
      'mailto:office@school.example',
      'tel:+914412345678',
      '/admissions',
      'https://example.net',
    ]);
    expect(out).toContain('<a href="https://example.org/x" rel="noopener noreferrer">a</a>');
    expect(out).toContain('<a href="https://example.net" rel="noopener noreferrer">https://example.net</a>');
    expect(out).toContain('<a href="/admissions">e</a>');
    expect(out).toContain('<a href="mailto:office@school.example">c</a>');
  });

  it('starts the headings at the level the page asks for, under the page’s own headings', () => {
    expect(html('# Big\n\n## Smaller')).toBe('<h2>Big</h2>\n<h3>Smaller</h3>\n');
    expect(html('## Begins lower\n\n### Then')).toBe('<h2>Begins lower</h2>\n<h3>Then</h3>\n');
    expect(markdownToHtml('# Big\n\n###### Smallest', { firstHeading: 3 })).toBe('<h3>Big</h3>\n<h6>Smallest</h6>\n');
  });

  it('shows an image as text: a picture needs a description the cover field asks for', () => {
    expect(html('![a child](https://example.org/a.jpg)')).not.toMatch(/<img/);
  });

  it('tells allowed addresses from the others', () => {
    expect(['/', '/blog/x', 'https://a.b', 'HTTP://a.b', 'mailto:a@b.c', 'tel:+91'].every(isAllowedHref)).toBe(true);
    expect(['//a.b', '/\\a.b', 'javascript:x', 'data:x', 'ftp://a.b', 'blog/x', '#top', ''].some(isAllowedHref)).toBe(
      false,
    );
  });
});
