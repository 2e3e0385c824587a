import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { App } from '../App';
import { render } from '../entry-server';
import { contentOn, startingSiteContent } from '../../shared/content/siteContent';
import { ADMISSIONS_YEAR } from '../../content/format';
import { siteData, type SiteData } from './pageDataLoaders';
import { loadPage } from './pageRegistry';
import { SITE_DATA_ELEMENT_ID } from './siteData';
import { PAGE_DATA_ELEMENT_ID } from './pageDataKey';
import type { ParentsCornerTexts } from '../../content/parentsCorner';
import { PortalView } from '../features/parents-corner/PortalView';

const SETTINGS = { publicUrl: 'https://school.example', closedEnquiryMonths: 24 };

const dataBlockIn =
  (id: string) =>
  (head: string): unknown => {
    const json = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(head)?.[1];
    return json === undefined ? undefined : JSON.parse(json);
  };
const siteDataIn = dataBlockIn(SITE_DATA_ELEMENT_ID);
const pageDataIn = dataBlockIn(PAGE_DATA_ELEMENT_ID);

describe('the site data', () => {
  it.each(['/', '/faq', '/blog/farm-trip', '/blog/no-such-post', '/contact', '/admin'])(
    'comes with the page at %s, the same for every page',
    async (path) => {
      const page = await render(path, SETTINGS);
      expect(siteDataIn(page.head)).toEqual(siteData(startingSiteContent()));
    },
  );

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
    const hidden = await render('/about', SETTINGS, undefined, {
      ...starting,
      announcement: { ...starting.announcement, shown: false },
    });
    expect(hidden.html).not.toContain('admissions-banner');
    const elsewhere = await render('/about', SETTINGS, undefined, {
      ...starting,
      announcement: { ...starting.announcement, text: 'Our annual day, live', link: 'https://example.org/live' },
    });
    expect(elsewhere.html).toContain(
      '<a href="https://example.org/live" rel="noopener" class="admissions-banner__message">Our annual day, live</a>',
    );
  });

  it("shows Parents' Corner's published events still to come and its notices; an event already past drops off on its own", async () => {
    const event = (title: string, date: string) => ({ title, date, text: `${title}: all families welcome.` });
    const content = {
      ...startingSiteContent(),
      events: [
        event('Sports Day', '2026-12-12'),
        event('Diwali Lunch', '2026-11-24'),
        event('Open Morning', '2026-11-25'),
      ],
      notices: [{ title: 'Rain holiday', date: '2026-10-02', text: 'School was closed on 2 October.' }],
    };
    const page = await render('/parents-corner', SETTINGS, undefined, contentOn(content, '2026-11-25'));
    const data = pageDataIn(page.head) as {
      texts: ParentsCornerTexts;
      events: typeof content.events;
      notices: typeof content.notices;
    };
    expect(data.events.map(({ title }) => title)).toEqual(['Sports Day', 'Open Morning']);
    expect(data.notices).toEqual(content.notices);
    expect(page.head + page.html).not.toContain('Diwali Lunch');
    // What a parent sees once in: the data as rendered, soonest first.
    const portalWith = (events: typeof content.events, notices: typeof content.notices) =>
      renderToString(
        <Router ssrPath="/parents-corner">
          <PortalView
            parentsCorner={data.texts}
            events={events}
            notices={notices}
            onLogout={() => undefined}
            headingRef={null}
          />
        </Router>,
      );
    const portal = portalWith(data.events, data.notices);
    expect(portal).toMatch(/Open Morning.*Sports Day/s);
    expect(portal).toContain('Rain holiday');
    expect(portal).not.toContain('Diwali Lunch');
    // A day later the first of them is past too; with none left, the page says so.
    expect(
      (
        pageDataIn(
          (await render('/parents-corner', SETTINGS, undefined, contentOn(content, '2026-11-26'))).head,
        ) as typeof data
      ).events.map(({ title }) => title),
    ).toEqual(['Sports Day']);
    const none = portalWith([], []);
    expect(none).toContain(data.texts.noEvents);
    expect(none).toContain(data.texts.noNotices);
  });
});
