import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from '../App';
import { render } from '../entry-server';
import { startingSiteContent } from '../../shared/content/siteContent';
import { ADMISSIONS_YEAR } from '../../content/format';
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
    expect(siteDataIn(page.head)).toEqual(siteData(startingSiteContent()));
  });

  it('is what the shell shows: other published values change the banner, menus, phones and hours without any component changing', async () => {
    const published = siteData(startingSiteContent());
    const [admissionsPhone, officePhone] = published.school.phones;
    const edited: SiteData = {
      ...published,
      announcement: { text: 'Admissions open for the 2027-28 academic year.', link: null },
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
    expect(html).not.toContain(published.announcement?.text);
    expect(html).toContain('href="tel:+919000000001"');
    expect(html).toContain('Mon–Fri 9:00 AM - 5:00 PM');
    expect(html).toContain('>Open Day</a>');
  });

  it('states the published admissions year wherever a text states it (markup, data, structured data), never the mark', async () => {
    const content = { ...startingSiteContent(), admissionsYear: '2031-32' };
    for (const path of ['/', '/admissions', '/admission-enquiry', '/faq', '/parents-corner']) {
      const page = await render(path, SETTINGS, undefined, content);
      const whole = page.head + page.html;
      expect(whole, path).toContain('2031-32');
      expect(whole, path).not.toContain(ADMISSIONS_YEAR);
    }
    const faq = await render('/faq', SETTINGS, undefined, content);
    expect(faq.head).toMatch(/"@type":"FAQPage".*Admissions are now open for 2031-32/);
  });

  it('shows no banner when the announcement is hidden, and links it where the office said', async () => {
    const starting = startingSiteContent();
    const hidden = await render('/about', SETTINGS, undefined, { ...starting, announcement: { ...starting.announcement, shown: false } });
    expect(hidden.html).not.toContain('admissions-banner');
    const elsewhere = await render('/about', SETTINGS, undefined, { ...starting, announcement: { ...starting.announcement, text: 'Our annual day, live', link: 'https://example.org/live' } });
    expect(elsewhere.html).toContain('<a href="https://example.org/live" rel="noopener" class="admissions-banner__message">Our annual day, live</a>');
  });
});
