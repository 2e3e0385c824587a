import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Link } from 'wouter';
import type { AppRouter } from '#server/api/root.ts';
import { DUE_SECTION_PATH } from '#shared/admissions/dueFollowUps.ts';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { formatSchoolDay, formatSchoolTime } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { mailServerReply } from '#client/features/admin/common/mailText.ts';
import './mail.css';

const mailLabels = { office: 'Notification to the office', parent: 'Acknowledgement to the parent' } as const;
const enquiryLabels = { contact: 'contact message', admission: 'admission enquiry' } as const;

/** How often an open dashboard asks whether mail goes out: the relay is tried at most 5 minutes apart. */
const STATUS_REFRESH_MS = 60_000;

type MailStatus = NonNullable<inferRouterOutputs<AppRouter>['mail']['status']>;
type Undelivered = inferRouterOutputs<AppRouter>['mail']['undelivered']['mails'][number];

/** Which email it was, in the office's words. */
function mailName(mail: Undelivered): string {
  if (mail.what === 'follow-ups') return `Morning list of follow-ups for ${formatSchoolDay(mail.day)}`;
  const enquiry = `${enquiryLabels[mail.enquiryKind]} #${mail.enquiryId}`;
  return mail.what === 'visit'
    ? `Visit email to the parent for ${enquiry} (“${mail.subject}”)`
    : `${mailLabels[mail.recipientRole]} for ${enquiry}`;
}

/** Why a given-up email is not offered again (a morning list of a day gone by, a visit's email once its visit has begun), in the office's words; undefined when it is. */
function notSentAgain(mail: Undelivered) {
  if (mail.what === 'follow-ups') {
    return (
      <>
        It is not sent again, as the list of another day would be out of date: today’s follow-ups are in{' '}
        <Link href={DUE_SECTION_PATH}>Due today</Link>, and the next morning’s list repeats what is still due.
      </>
    );
  }
  if (mail.what === 'visit' && mail.visitOver) {
    return mail.visitStartsAt === null
      ? 'It is not sent again, as the visit it reminds of was moved or cancelled since: sent now, it would give the family the wrong time.'
      : `It is not sent again, as its visit (${formatSchoolTime(mail.visitStartsAt)}) has begun or passed: sent now, it would confuse the family. Call them if they missed it.`;
  }
  return undefined;
}

const emails = (count: number) => (count === 1 ? '1 email is' : `${count} emails are`);

/** Mail that does not go out: the relay refuses every email (and why), or emails wait longer than they should. */
function MailQueueNotice({ status }: { status: MailStatus }) {
  const waiting =
    status.oldestWaitingSince === null ? null : (
      <p>
        {emails(status.waiting)} waiting to be sent, the oldest since{' '}
        <time dateTime={status.oldestWaitingSince}>{formatDashboardDate(status.oldestWaitingSince)}</time>.
      </p>
    );
  return (
    <section className="undelivered" aria-labelledby="mail-queue-title">
      <h3 id="mail-queue-title" className="undelivered__title">
        {status.state === 'failing' ? 'Mail is not being sent' : 'Mail is slow to go out'}
      </h3>
      {status.state === 'failing' ? (
        <>
          <p>
            Mail is not being sent since <time dateTime={status.since}>{formatDashboardDate(status.since)}</time>:{' '}
            {status.reason}. Notifications and acknowledgements are kept and go out by themselves once the mail server
            takes them; the next try is at{' '}
            <time dateTime={status.nextTryAt}>{formatDashboardDate(status.nextTryAt)}</time>.
          </p>
          <p className="undelivered__why">The mail server said: {mailServerReply(status.answer)}</p>
          <p>Ask whoever looks after the website to check its mail settings (the password and the sender address).</p>
        </>
      ) : (
        <p>The mail server accepts emails, but some have waited a long time; they are tried again by themselves.</p>
      )}
      {waiting}
    </section>
  );
}

/**
 * Emails the mail server refused for good (a mistyped address, a relay that rejects the
 * sender), so the office knows a family was not answered by email; above them, mail that does
 * not go out at all. Shows nothing when all is well.
 */
export function UndeliveredMail() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.mail.status.queryOptions(undefined, { refetchInterval: STATUS_REFRESH_MS }));
  const undelivered = useQuery(trpc.mail.undelivered.queryOptions());
  const onSettled = () => queryClient.invalidateQueries(trpc.mail.pathFilter());
  const retry = useMutation(
    trpc.mail.retry.mutationOptions({
      onSettled,
      onSuccess: (answer) => toast({ title: answer.message }),
      onError: (error) => {
        if (!isUnauthorized(error))
          toast({ title: 'The email could not be queued again', description: error.message, variant: 'destructive' });
      },
    }),
  );
  const retryAll = useMutation(
    trpc.mail.retryAll.mutationOptions({
      onSettled,
      onSuccess: (answer) => toast({ title: answer.message }),
      onError: (error) => {
        if (!isUnauthorized(error))
          toast({ title: 'The emails could not be queued again', description: error.message, variant: 'destructive' });
      },
    }),
  );
  const trouble = status.data && (status.data.state === 'failing' || status.data.stalled) ? status.data : undefined;
  const list = undelivered.data?.mails.length ? undelivered.data : undefined;
  if (!trouble && !list) return null;

  return (
    <>
      {trouble ? <MailQueueNotice status={trouble} /> : null}
      {list ? (
        <section className="undelivered" aria-labelledby="undelivered-title">
          <h3 id="undelivered-title" className="undelivered__title">
            Emails that could not be delivered
          </h3>
          <p className="undelivered__intro">
            The mail server refused these emails. Check the address with the family, or try again once the mail settings
            are fixed.
          </p>
          {list.mails.filter((mail) => notSentAgain(mail) === undefined).length > 1 ||
          list.total > list.mails.length ? (
            <p className="undelivered__all">
              {list.total > list.mails.length ? `Showing the newest ${list.mails.length} of ${list.total}. ` : null}
              <button
                type="button"
                className="button button--outline"
                disabled={retryAll.isPending}
                onClick={() => retryAll.mutate()}
              >
                Try again all
              </button>
            </p>
          ) : null}
          <ul className="undelivered__list">
            {list.mails.map((mail) => (
              <li key={mail.id} className="undelivered__item">
                <p className="undelivered__what">
                  {mailName(mail)}, to {mail.to}
                </p>
                <p className="undelivered__why">
                  Refused after {mail.attempts} attempts, last on{' '}
                  <time dateTime={mail.failedAt}>{formatDashboardDate(mail.failedAt)}</time>:{' '}
                  {mailServerReply(mail.error)}
                </p>
                {notSentAgain(mail) !== undefined ? (
                  <p className="undelivered__why">{notSentAgain(mail)}</p>
                ) : (
                  <button
                    type="button"
                    className="button button--outline undelivered__retry"
                    // Several of these may be listed: the name says which email it sends again.
                    aria-label={`Try again: ${mailName(mail)}`}
                    disabled={retry.isPending && retry.variables.id === mail.id}
                    onClick={() => retry.mutate({ id: mail.id })}
                  >
                    Try again
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
