import './parentsCorner.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { enquiryInvitationSchema } from '#shared/parents/parentsCorner.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import type { EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { errorText } from './officeText';

/**
 * On an opened admission enquiry at Enrolled: "Invite to Parents' Corner" with the class the
 * office types (the parent's name, email, phone, child and program come from the enquiry), or
 * when the family was invited.
 */
export function EnquiryInvitation({ view }: { view: EnquiryView }) {
  if (view.kind !== 'admission') return null;
  return <Invitation view={view} />;
}

function Invitation({ view }: { view: EnquiryView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitation = useQuery(trpc.parents.enquiryInvitation.queryOptions({ enquiryId: view.id }));
  const invite = useMutation(
    trpc.parents.inviteFromEnquiry.mutationOptions({
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(trpc.parents.enquiryInvitation.queryFilter({ enquiryId: view.id })),
          queryClient.invalidateQueries(trpc.parents.families.queryFilter()),
        ]),
    }),
  );
  const [className, setClassName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  if (invitation.data)
    return (
      <p className="parents-invitation parents-invitation--done">
        Invited to the Parents’ Corner on{' '}
        <time dateTime={invitation.data.invitedAt}>{formatDashboardDate(invitation.data.invitedAt)}</time> (class{' '}
        {invitation.data.className}).
      </p>
    );
  if (view.stage !== 'enrolled' || invitation.data === undefined) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = enquiryInvitationSchema.safeParse({ enquiryId: view.id, className });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    try {
      const { emailed } = await invite.mutateAsync(checked.data);
      toast({
        title: emailed ? `Invitation emailed to ${view.email}` : 'Mail is off on this server: nobody was emailed',
      });
    } catch (failure) {
      if (!isUnauthorized(failure)) setError(errorText(failure));
    }
  }

  return (
    <form className="parents-invitation" onSubmit={(event) => void submit(event)} noValidate>
      <p className="parents-invitation__text">
        {view.parentName ?? view.name} is emailed an invitation to the Parents’ Corner, with the child and program of
        this enquiry.
      </p>
      <AdminField label={`Class of ${view.name}`} error={error}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            autoComplete="off"
            value={className}
            onChange={(event) => setClassName(event.target.value)}
          />
        )}
      </AdminField>
      <button type="submit" className="button button--outline admin-small-button" disabled={invite.isPending}>
        Invite to Parents’ Corner
      </button>
    </form>
  );
}
