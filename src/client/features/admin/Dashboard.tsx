import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { submissionKinds, type SubmissionKind } from '../../../shared/submissions';
import { useTRPC } from '../../trpc';
import { TabList, TabPanel } from '../../ui/tabs/Tabs';
import { useStaffSession } from './session';
import { SubmissionsPanel } from './SubmissionsPanel';
import { UndeliveredMail } from './UndeliveredMail';
import { kindTexts } from './submissionView';

const TABS_ID = 'submissions';

function TabLabel({ kind, total, unread }: { kind: SubmissionKind; total: number | undefined; unread: number | undefined }) {
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

/** Spec section 2: a Logout button and the Form Submissions view with its two tabs. */
export function Dashboard() {
  const trpc = useTRPC();
  const { logout } = useStaffSession();
  const counts = useQuery(trpc.submissions.counts.queryOptions());
  const [selected, setSelected] = useState<SubmissionKind>('contact');
  // A tab's panel mounts the first time it is opened and then stays, keeping its filters and page.
  const [opened, setOpened] = useState<ReadonlySet<SubmissionKind>>(() => new Set(['contact']));

  function select(kind: SubmissionKind) {
    setSelected(kind);
    setOpened((previous) => (previous.has(kind) ? previous : new Set([...previous, kind])));
  }

  return (
    <div className="admin">
      <header className="admin-header">
        <div className="admin-header__inner">
          <h1 className="admin-header__title">Staff Dashboard</h1>
          <button type="button" className="button button--outline admin-header__logout" onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </header>
      <UndeliveredMail />
      <section className="admin-main" aria-labelledby="form-submissions-title">
        <h2 id="form-submissions-title" className="admin-main__title">
          Form Submissions
        </h2>
        <TabList
          idPrefix={TABS_ID}
          label="Form submissions"
          className="admin-tabs"
          items={submissionKinds.map((kind) => ({
            id: kind,
            label: <TabLabel kind={kind} total={counts.data?.[kind].total} unread={counts.data?.[kind].unread} />,
          }))}
          selected={selected}
          onSelect={select}
        />
        {submissionKinds.map((kind) => (
          <TabPanel key={kind} idPrefix={TABS_ID} id={kind} hidden={kind !== selected} focusable={false} className="admin-panel">
            {opened.has(kind) && <SubmissionsPanel kind={kind} />}
          </TabPanel>
        ))}
      </section>
    </div>
  );
}
