import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDashboardDate } from '../../../shared/dashboard';
import { useTRPC } from '../../trpc';
import { toast } from '../../ui/toast/toastStore';
import { isUnauthorized } from './apiErrors';
import { mailServerReply } from './mailText';

const mailLabels = { office: 'Notification to the office', parent: 'Acknowledgement to the parent' } as const;
const enquiryLabels = { contact: 'contact message', admission: 'admission enquiry' } as const;

/**
 * Emails the mail server refused for good (a mistyped address, a relay that rejects the
 * sender), so the office knows a family was not answered by email. Shows nothing when there are none.
 */
export function UndeliveredMail() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const undelivered = useQuery(trpc.mail.undelivered.queryOptions());
  const retry = useMutation(
    trpc.mail.retry.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.mail.pathFilter()),
      onSuccess: (answer) => toast({ title: answer.message }),
      onError: (error) => {
        if (!isUnauthorized(error)) toast({ title: 'The email could not be queued again', variant: 'destructive' });
      },
    }),
  );
  if (!undelivered.data?.length) return null;

  return (
    <section className="undelivered" aria-labelledby="undelivered-title">
      <h2 id="undelivered-title" className="undelivered__title">
        Emails that could not be delivered
      </h2>
      <p className="undelivered__intro">
        The mail server refused these emails. Check the address with the family, or try again once the mail settings are fixed.
      </p>
      <ul className="undelivered__list">
        {undelivered.data.map((mail) => (
          <li key={mail.id} className="undelivered__item">
            <p className="undelivered__what">
              {mailLabels[mail.recipientRole]} for {enquiryLabels[mail.enquiryKind]} #{mail.enquiryId}, to {mail.to}
            </p>
            <p className="undelivered__why">
              Refused after {mail.attempts} attempts, last on <time dateTime={mail.failedAt}>{formatDashboardDate(mail.failedAt)}</time>:{' '}
              {mailServerReply(mail.error)}
            </p>
            <button
              type="button"
              className="button button--outline undelivered__retry"
              // Several of these may be listed: the name says which email it sends again.
              aria-label={`Try again: ${mailLabels[mail.recipientRole]} for ${enquiryLabels[mail.enquiryKind]} #${mail.enquiryId}`}
              disabled={retry.isPending && retry.variables.id === mail.id}
              onClick={() => retry.mutate({ id: mail.id })}
            >
              Try again
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
