import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useRoute } from 'wouter';
import { enquiryKinds, type EnquiryKind } from '../../../shared/dashboard';
import { useTRPC } from '../../trpc';
import { TabList, TabPanel } from '../../ui/tabs/Tabs';
import { useStaffSession } from './common/session';
import { PersonalDataPanel } from './enquiries/PersonalDataPanel';
import { ActivityPanel } from './staff/ActivityPanel';
import { StaffPanel } from './staff/StaffPanel';
import { OwnSessions } from './account/OwnSessions';
import { ChangePassword } from './account/ChangePassword';
import { SiteContentPanel } from './content/SiteContentPanel';
import { OwnTwoStep } from './account/TwoStepLogin';
import { SpamPanel } from './enquiries/SpamPanel';
import { EnquiriesPanel } from './enquiries/EnquiriesPanel';
import { RetentionNotice } from './enquiries/RetentionNotice';
import { UndeliveredMail } from './enquiries/UndeliveredMail';
import { kindTexts } from './common/enquiryView';
import { roleAllows, roleLabels, type Permission, type StaffRole } from '../../../shared/staff/roles';

const TABS_ID = 'enquiries';

/** A tab per kind of enquiry, then the Spam folder, then a person's requests about their data; each for the roles with its permission. */
type DashboardTab = EnquiryKind | 'spam' | 'data' | 'staff' | 'activity';
const tabPermissions: Record<DashboardTab, Permission> = { contact: 'enquiries', admission: 'enquiries', spam: 'enquiries', data: 'personalData', staff: 'staff', activity: 'staff' };
const dashboardTabs: readonly DashboardTab[] = [...enquiryKinds, 'spam', 'data', 'staff', 'activity'];
const plainTabLabels = { data: 'Data requests', staff: 'Staff', activity: 'Activity' } as const;

function TabLabel({ kind, total, unread }: { kind: EnquiryKind; total: number | undefined; unread: number | undefined }) {
  return (
    <>
      <span>{kindTexts[kind].tabLabel}</span>
      {total !== undefined && (
        <span className="admin-count">
          {total}
          <span className="visually-hidden"> total</span>
        </span>
      )}
      {unread !== undefined && unread > 0 && <span className="admin-count admin-count--new">{unread} new</span>}
    </>
  );
}

function SpamTabLabel({ count }: { count: number | undefined }) {
  return (
    <>
      <span>Spam</span>
      {count !== undefined && (
        <span className="admin-count">
          {count}
          <span className="visually-hidden"> total</span>
        </span>
      )}
    </>
  );
}

/** docs/spec.md §2: a Logout button and the Form Submissions view with its two tabs; then the Spam and Data requests tabs. focusHeading: after a sign-in. */
export function Dashboard({ focusHeading }: { focusHeading: boolean }) {
  const { logout, account } = useStaffSession();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, []);

  const role = account?.role;
  // Until the dashboard's own addresses (issue 22): /admin/content/<part> shows that part here.
  const [, contentRoute] = useRoute('/admin/content/:part');
  return (
    <div className="admin">
      <header className="admin-header">
        <div className="admin-header__inner">
          <h1 className="admin-header__title" ref={headingRef} tabIndex={-1}>
            Staff Dashboard
          </h1>
          {account ? (
            <p className="admin-header__who">
              Signed in as {account.name} <span className="admin-header__role">({roleLabels[account.role]})</span>
            </p>
          ) : null}
          <button type="button" className="button button--outline admin-header__logout" onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </header>
      <div className="admin-account">
        {role && roleAllows(role, 'enquiries') && roleAllows(role, 'content') ? (
          <nav className="admin-sections" aria-label="Dashboard sections">
            <a href="#form-submissions-title">Form Submissions</a>
            <a href="#site-content-title">Site content</a>
          </nav>
        ) : null}
        <OwnSessions />
        <OwnTwoStep />
        <ChangePassword />
      </div>
      {role && roleAllows(role, 'enquiries') ? <EnquiryWork role={role} /> : null}
      {role && roleAllows(role, 'content') ? (
        <section className="admin-main" aria-labelledby="site-content-title">
          <h2 id="site-content-title" className="admin-main__title">
            Site content
          </h2>
          <SiteContentPanel part={contentRoute?.part} />
        </section>
      ) : null}
    </div>
  );
}

/** The Form Submissions view, for the roles that work the enquiries. */
function EnquiryWork({ role }: { role: StaffRole }) {
  const trpc = useTRPC();
  const tabs = dashboardTabs.filter((tab) => roleAllows(role, tabPermissions[tab]));
  const counts = useQuery(trpc.dashboard.counts.queryOptions());
  const [selected, setSelected] = useState<DashboardTab>('contact');
  // A tab's panel mounts the first time it is opened and then stays, keeping its filters and page.
  const [opened, setOpened] = useState<ReadonlySet<DashboardTab>>(() => new Set(['contact']));

  function select(tab: DashboardTab) {
    setSelected(tab);
    setOpened((previous) => (previous.has(tab) ? previous : new Set([...previous, tab])));
  }

  return (
    <>
      <RetentionNotice />
      <UndeliveredMail />
      <section className="admin-main" aria-labelledby="form-submissions-title">
        <h2 id="form-submissions-title" className="admin-main__title">
          Form Submissions
        </h2>
        <TabList
          idPrefix={TABS_ID}
          label="Form submissions"
          className="admin-tabs"
          items={tabs.map((tab) => ({
            id: tab,
            label:
              tab === 'contact' || tab === 'admission' ? (
                <TabLabel kind={tab} total={counts.data?.[tab].total} unread={counts.data?.[tab].unread} />
              ) : tab === 'spam' ? (
                <SpamTabLabel count={counts.data?.spam} />
              ) : (
                plainTabLabels[tab]
              ),
          }))}
          selected={selected}
          onSelect={select}
        />
        {enquiryKinds.map((kind) => (
          <TabPanel key={kind} idPrefix={TABS_ID} id={kind} hidden={kind !== selected} focusable={false} className="admin-panel">
            {opened.has(kind) && <EnquiriesPanel kind={kind} />}
          </TabPanel>
        ))}
        {/* Starts with text, so the panel itself takes focus from the tab list (the pattern's advice). */}
        <TabPanel idPrefix={TABS_ID} id="spam" hidden={selected !== 'spam'} className="admin-panel">
          {opened.has('spam') && <SpamPanel />}
        </TabPanel>
        {tabs.includes('data') ? (
          <TabPanel idPrefix={TABS_ID} id="data" hidden={selected !== 'data'} className="admin-panel">
            {opened.has('data') && <PersonalDataPanel />}
          </TabPanel>
        ) : null}
        {tabs.includes('staff') ? (
          <TabPanel idPrefix={TABS_ID} id="staff" hidden={selected !== 'staff'} className="admin-panel">
            {opened.has('staff') && <StaffPanel />}
          </TabPanel>
        ) : null}
        {tabs.includes('activity') ? (
          <TabPanel idPrefix={TABS_ID} id="activity" hidden={selected !== 'activity'} className="admin-panel">
            {opened.has('activity') && <ActivityPanel />}
          </TabPanel>
        ) : null}
      </section>
    </>
  );
}
