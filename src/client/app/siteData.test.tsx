import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { App } from '#client/App.tsx';
import { render } from '#client/entry-server.tsx';
import { startingSiteContent } from '#shared/content/siteContent.ts';
import { ADMISSIONS_YEAR } from '#content/format.ts';
import { siteData, type SiteData } from './pageDataLoaders';
import { loadPage } from './pageRegistry';
import { SITE_DATA_ELEMENT_ID } from './siteData';
import { PAGE_DATA_ELEMENT_ID } from './pageDataKey';
import { parentsCornerTexts } from '#content/parentsCorner.ts';
import { schoolContact } from '#shared/content/schoolFacts.ts';
import type { ParentView } from '#shared/parents/parentsCorner.ts';
import PortalView from '#client/features/parents-corner/PortalView.tsx';
import { portalTexts } from '#client/features/parents-corner/texts.ts';

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

  it('gives /parents-corner its texts alone: no notice, event or document is in the page', async () => {
    const page = await render('/parents-corner', SETTINGS, undefined, startingSiteContent());
    expect(Object.keys(pageDataIn(page.head) as object)).toEqual(['texts']);
    for (const title of ['Summer Vacation Schedule', 'Annual Day Celebration', 'Parent Handbook'])
      expect(page.head + page.html).not.toContain(title);
  });

  it("draws a parent's view from the server's answer: events with time and place, notices as sent with the unread marked, documents, the calendar", () => {
    const texts = parentsCornerTexts(schoolContact(startingSiteContent().schoolFacts));
    const view: ParentView = {
      guardianName: 'Lakshmi Raman',
      childName: 'Anika',
      className: 'Rose',
      notices: [
        {
          id: 2,
          title: 'Rose class picnic',
          html: '<p>To <strong>Guindy</strong>.</p>',
          publishAt: '2026-11-20T18:45:00.000Z',
          unread: true,
        },
        { id: 1, title: 'Rain holiday', html: '<p>Closed.</p>', publishAt: '2026-10-02T04:00:00.000Z', unread: false },
      ],
      events: [{ id: 1, title: 'Sports Day', date: '2026-12-12', time: '15:30', place: 'The big field', text: '' }],
      documents: [
        { id: 1, title: 'Fee Structure', description: 'Fees for the year.', href: '/api/parents/documents/1' },
      ],
      calendarFeedUrl: 'https://school.example/api/parents/calendar/abc.ics',
      noticeMail: 'at-once',
    };
    const portalWith = (shown: ParentView) =>
      renderToString(
        <Router ssrPath="/parents-corner">
          <PortalView
            texts={texts}
            view={shown}
            focusHeading={false}
            onLogout={() => undefined}
            onSessionEnded={() => undefined}
          />
        </Router>,
      );
    const portal = portalWith(view);
    expect(portal).toMatch(/Rose class picnic.*New.*November 21, 2026.*Rain holiday.*October 2, 2026/s);
    expect(portal.match(/portal-notices__badge/g)).toHaveLength(1);
    expect(portal).toMatch(/December 12, 2026.*3:30 PM.*Sports Day.*The big field/s);
    expect(portal).toContain('href="/api/parents/documents/1"');
    // The link subscribes (webcal:); the address itself is there to copy into Google Calendar.
    expect(portal).toContain('href="webcal://school.example/api/parents/calendar/abc.ics"');
    expect(portal).toContain('value="https://school.example/api/parents/calendar/abc.ics"');
    const none = portalWith({ ...view, notices: [], events: [], documents: [], calendarFeedUrl: null });
    expect(none).toContain(texts.noEvents);
    expect(none).toContain(texts.noNotices);
    // No address yet: a button makes one.
    expect(none).toContain(
      `<button type="button" class="button button--outline">${portalTexts.view.calendarLink}</button>`,
    );
    expect(none).not.toContain('webcal:');
  });
});
