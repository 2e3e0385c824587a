import { useQuery } from '@tanstack/react-query';
import { Redirect } from 'wouter';
import type { StaffRole } from '#shared/staff/roles.ts';
import { roleAllows } from '#shared/staff/roles.ts';
import { useTRPC } from '#client/trpc.tsx';
import { busiestSection, firstSectionFor } from './sections';

/** /admin for the Owner and the Office: waits for the counts (the menu asks for the same), then opens the busiest section. */
function BusiestSection() {
  const trpc = useTRPC();
  const due = useQuery(trpc.followUps.dueCount.queryOptions());
  const counts = useQuery(trpc.dashboard.counts.queryOptions());
  if (due.isPending || counts.isPending)
    return (
      <p className="admin-section__plain" role="status">
        Loading…
      </p>
    );
  // Counts that failed to load count as no work waiting: the role's first section opens, as before.
  const section = busiestSection({
    due: due.data ?? 0,
    contactUnread: counts.data?.contact.unread ?? 0,
    admissionUnread: counts.data?.admission.unread ?? 0,
  });
  return <Redirect to={section.path} replace />;
}

/** Where /admin takes a person: the busiest enquiry section for a role that works the enquiries, else the role's first. */
export function OpeningSection({ role }: { role: StaffRole }) {
  return roleAllows(role, 'enquiries') ? <BusiestSection /> : <Redirect to={firstSectionFor(role).path} replace />;
}
