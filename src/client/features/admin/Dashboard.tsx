import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Redirect, Route, Switch } from 'wouter';
import { ADMIN_PATH } from '#shared/routeTable.ts';
import { partAtSegment, siteContentParts } from '#shared/content/siteContent.ts';
import { roleLabels, type StaffRole } from '#shared/staff/roles.ts';
import { useStaffSession } from './common/session';
import { confirmLeave } from './common/leaveGuard';
import { DashboardMenu } from './DashboardMenu';
import { DashboardSection } from './DashboardSection';
import { firstSectionFor, sectionAllowed, sectionIds, sections, type Section, type SectionId } from './sections';
import { EnquiriesPanel } from './enquiries/EnquiriesPanel';
import { EnquiryPartsProvider, type EnquiryParts } from './common/enquiryParts';
import { StageBoard } from './board/StageBoard';
import { EnquiryStage } from './board/StageMover';
import { AdmissionFollowUp } from './followUps/AdmissionFollowUp';
import { SpamPanel } from './enquiries/SpamPanel';
import { DueFollowUpsPanel } from './followUps/DueFollowUpsPanel';
import { PersonalDataPanel } from './enquiries/PersonalDataPanel';
import { RetentionNotice } from './enquiries/RetentionNotice';
import { UndeliveredMail } from './mail/UndeliveredMail';
import { ReportPanel } from './report/ReportPanel';
import { SiteContentPanel } from './content/SiteContentPanel';
import { StaffPanel } from './staff/StaffPanel';
import { ActivityPanel } from './staff/ActivityPanel';
import { OwnSessions } from './account/OwnSessions';
import { OwnTwoStep } from './account/TwoStepLogin';
import { ChangePassword } from './account/ChangePassword';
import { VisitsPanel } from './visits/VisitsPanel';
import { ParentsCornerPanel, paneTitle } from './parentsCorner/ParentsCornerPanel';
import { EnquiryInvitation } from './parentsCorner/EnquiryInvitation';
import { OpeningSection } from './OpeningSection';

/** The board and the follow-ups, lent to the enquiries room. */
const enquiryParts: EnquiryParts = {
  Board: StageBoard,
  Stage: EnquiryStage,
  FollowUp: AdmissionFollowUp,
  Invitation: EnquiryInvitation,
};

/** What each section holds; `part`: the site content's part at /admin/content/<part>, the Parents' Corner's pane at /admin/parents-corner/<pane>. */
function sectionContent(id: SectionId, part: string | undefined): ReactNode {
  switch (id) {
    case 'contact':
    case 'admission':
      return (
        <>
          <UndeliveredMail />
          <EnquiryPartsProvider value={enquiryParts}>
            <EnquiriesPanel kind={id} />
          </EnquiryPartsProvider>
        </>
      );
    case 'due':
      return <DueFollowUpsPanel />;
    case 'report':
      return <ReportPanel />;
    case 'visits':
      return <VisitsPanel />;
    case 'spam':
      return <SpamPanel />;
    case 'data':
      return (
        <>
          <RetentionNotice />
          <PersonalDataPanel />
        </>
      );
    case 'content':
      return <SiteContentPanel part={part} listPath={sections.content.path} />;
    case 'parents':
      return <ParentsCornerPanel pane={part} sectionPath={sections.parents.path} />;
    case 'staff':
      return <StaffPanel />;
    case 'activity':
      return <ActivityPanel />;
    case 'account':
      return (
        <div className="admin-account">
          <OwnSessions />
          <OwnTwoStep />
          <ChangePassword />
        </div>
      );
  }
}

/** arrivedByMenu: asked once as a section opens, whether a menu link brought the person there. */
type ArrivalProps = { role: StaffRole; arrivedByMenu: () => boolean };

/** The name of the page a section shows at a deeper address: a part of the site content, a pane of the Parents' Corner. */
function pageIn(section: Section, part: string | undefined): string | undefined {
  if (section.id === 'parents') return part === undefined ? undefined : paneTitle(part);
  const key = section.id === 'content' && part ? partAtSegment(part) : undefined;
  return key && siteContentParts[key];
}

/** A section, or a plain word when the person's role may not open it. */
function SectionPage({
  section,
  part,
  role,
  arrivedByMenu,
}: ArrivalProps & { section: Section; part?: string | undefined }) {
  if (!sectionAllowed(section, role)) {
    const first = firstSectionFor(role);
    return (
      <DashboardSection title={section.label} arrivedByMenu={arrivedByMenu}>
        <p className="admin-section__plain">
          {section.label} is not for your role ({roleLabels[role]}). Ask the school’s Owner if you need it.{' '}
          <Link href={first.path}>Go to {first.label}</Link>
        </p>
      </DashboardSection>
    );
  }
  return (
    <DashboardSection title={section.label} page={pageIn(section, part)} arrivedByMenu={arrivedByMenu}>
      {sectionContent(section.id, part)}
    </DashboardSection>
  );
}

function UnknownSection({ role, arrivedByMenu }: ArrivalProps) {
  const first = firstSectionFor(role);
  return (
    <DashboardSection title="Page not found" arrivedByMenu={arrivedByMenu}>
      <p className="admin-section__plain">
        The dashboard has no page at this address. <Link href={first.path}>Go to {first.label}</Link>
      </p>
    </DashboardSection>
  );
}

/** The sections at their addresses beneath /admin; /admin itself opens the role's busiest one (OpeningSection). */
function DashboardRoutes(arrival: ArrivalProps) {
  const { role } = arrival;
  return (
    <Switch>
      <Route path="/">
        <OpeningSection role={role} />
      </Route>
      <Route path="/enquiries">
        <Redirect to={sections.contact.path} replace />
      </Route>
      <Route path={`${sections.content.path}/:part?`}>
        {({ part }) => <SectionPage key="content" section={sections.content} part={part} {...arrival} />}
      </Route>
      <Route path={`${sections.parents.path}/:pane?`}>
        {({ pane }) => <SectionPage key="parents" section={sections.parents} part={pane} {...arrival} />}
      </Route>
      {sectionIds
        .map((id) => sections[id])
        .filter((section) => section.id !== 'content' && section.id !== 'parents')
        .map((section) => (
          <Route key={section.id} path={section.path}>
            <SectionPage key={section.id} section={section} {...arrival} />
          </Route>
        ))}
      <Route>
        <UnknownSection key="unknown" {...arrival} />
      </Route>
    </Switch>
  );
}

function signedInText(name: string, role: StaffRole): string {
  const label = roleLabels[role];
  // The first Owner is named after the role: "Owner (Owner)" says nothing twice.
  return name === label ? `Signed in as ${name}` : `Signed in as ${name} (${label})`;
}

/** docs/spec.md §2: a Logout button and the sections, each at its own address under /admin. focusHeading: after a sign-in. */
export function Dashboard({ focusHeading }: { focusHeading: boolean }) {
  const { logout, account } = useStaffSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set by a menu link, read by the section it opens; the browser's Back and Forward leave focus alone.
  const followedMenu = useRef(false);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, []);

  function arrivedByMenu(): boolean {
    const followed = followedMenu.current;
    followedMenu.current = false;
    return followed;
  }

  return (
    <div className="admin">
      <header className="admin-header">
        <div className="admin-header__inner">
          <h1 className="admin-header__title" ref={headingRef} tabIndex={-1}>
            Staff Dashboard
          </h1>
          {account ? <p className="admin-header__who">{signedInText(account.name, account.role)}</p> : null}
          <button
            type="button"
            className="button button--outline admin-header__logout"
            onClick={() => {
              if (confirmLeave()) void logout();
            }}
          >
            Logout
          </button>
        </div>
      </header>
      {account ? (
        // Nested: the menu and the sections read and write their addresses beneath /admin.
        <Route path={ADMIN_PATH} nest>
          <div className="admin-body">
            <DashboardMenu role={account.role} onFollow={() => (followedMenu.current = true)} />
            <div className="admin-body__section">
              <DashboardRoutes role={account.role} arrivedByMenu={arrivedByMenu} />
            </div>
          </div>
        </Route>
      ) : null}
    </div>
  );
}
