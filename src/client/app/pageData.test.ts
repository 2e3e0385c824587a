import { describe, expect, it } from 'vitest';
import { matchRoute } from '#shared/routeTable.ts';
import { pageDataInHtml } from './pageDataFetch';
import { PAGE_DATA_ELEMENT_ID, pageDataKey } from './pageDataKey';

describe('the page data in a page', () => {
  it('is read back from the element the renderer writes, with markup-like text intact', () => {
    const data = { title: 'Grace </script><script>alert(1)</script> & courtesy', items: [1, 2] };
    // As the renderer writes it: '<' escaped so the text cannot close the element.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    const html = `<head><script type="application/ld+json">{"@type":"School"}</script><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script></head>`;
    expect(pageDataInHtml(html)).toEqual(data);
  });

  it('is undefined for a page that carries none', () => {
    expect(pageDataInHtml('<head><script type="application/ld+json">{}</script></head><body></body>')).toBeUndefined();
  });
});

describe('what page data is remembered by', () => {
  it('is the address for a blog post, and the page for one whose data is the same at every address (program tabs, /curriculum)', () => {
    expect(pageDataKey(matchRoute('/blog/farm-trip'))).not.toBe(pageDataKey(matchRoute('/blog/grace-and-courtesy')));
    const programAddresses = ['/programs', '/programs/toddler', '/programs/primary', '/curriculum'].map((path) =>
      pageDataKey(matchRoute(path)),
    );
    expect(new Set(programAddresses).size).toBe(1);
  });
});
