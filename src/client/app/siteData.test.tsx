import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from '../App';
import { render } from '../entry-server';
import { siteData, type SiteData } from './pageDataLoaders';
import { loadPage } from './pageRegistry';
import { SITE_DATA_ELEMENT_ID } from './siteData';

const SETTINGS = { publicUrl: 'https://school.example', closedEnquiryMonths: 24 };

const siteDataIn = (head: string): unknown => {
  const json = new RegExp(`<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(head)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};

describe('the site data', () => {
  it.each(['/', '/faq', '/blog/farm-trip', '/blog/no-such-post', '/contact', '/admin'])('comes with the page at %s, the same for every page', async (path) => {
    const page = await render(path, SETTINGS);
    expect(siteDataIn(page.head)).toEqual(siteData());
  });

  it('is what the shell shows: other published values change the banner, menus, phones and hours without any component changing', async () => {
    const published = siteData();
    const [admissionsPhone, officePhone] = published.school.phones;
    const edited: SiteData = {
      ...published,
      admissionsBanner: { ...published.admissionsBanner, text: 'Admissions open for the 2027-28 academic year.' },
      school: {
        ...published.school,
        phones: [{ ...admissionsPhone, display: '+91 90000 00001', e164: '+919000000001' }, officePhone],
        officeHoursText: 'Mon–Fri 9:00 AM - 5:00 PM',
      },
      mainMenu: [...published.mainMenu, { label: 'Open Day', path: '/admissions' }],
    };
    await loadPage('awards');
    const html = renderToString(<App ssrPath="/about/awards-recognition" siteData={edited} />);
    expect(html).toContain('Admissions open for the 2027-28 academic year.');
    expect(html).not.toContain(published.admissionsBanner.text);
    expect(html).toContain('href="tel:+919000000001"');
    expect(html).toContain('Mon–Fri 9:00 AM - 5:00 PM');
    expect(html).toContain('>Open Day</a>');
  });
});
