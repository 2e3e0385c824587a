import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { newStaffAccountSchema, STAFF_LINK_HOURS, type StaffLinkMailState } from '#shared/staff/accounts.ts';
import { roleDescriptions, roleLabels, staffRoles, type StaffRole } from '#shared/staff/roles.ts';
import { TWO_STEP_GRACE_DAYS, twoStepGraceDaysSchema } from '#shared/staff/settings.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { mailServerReply } from '#client/features/admin/common/mailText.ts';
import { useStaffSession } from '#client/features/admin/common/session.tsx';
import './staff.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

type Draft = { name: string; email: string; role: StaffRole };
const emptyDraft: Draft = { name: '', email: '', role: 'office' };
type MadeLink = {
  accountId: number;
  name: string;
  email: string | null;
  url: string;
  expiresAt: string;
  emailedTo: string | null;
};

/** How often the list is read again while a link's email waits to be sent, so its outcome shows. */
const MAIL_WAIT_REFRESH_MS = 5_000;

/**
 * For how long after a link is made: long enough for the mail server's refusals to end in "could
 * not be delivered" (about 7.5 minutes), and no longer, since each reading counts as activity and
 * would otherwise keep the session from ending after 30 idle minutes during a mail outage.
 */
const MAIL_WATCH_MS = 10 * 60_000;

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

/** The link to hand over, with a button that copies it, and whether it was emailed; shown until the Owner is done with it. */
function LinkToSend({ made, onDone }: { made: MadeLink; onDone: () => void }) {
  const id = useId();
  const validity = `It works once, for ${STAFF_LINK_HOURS} hours (until ${formatDashboardDate(made.expiresAt)}), and lets them choose their password.`;
  return (
    <div className="staff-link" role="status">
      {made.emailedTo ? (
        <p>
          Sent to {made.emailedTo} by email. You can also copy the link and hand it to {made.name} yourself. {validity}
        </p>
      ) : (
        <p>
          Mail is off on this server: copy the link and send it yourself to {made.name}
          {made.email ? ` (${made.email})` : ''}, for example by WhatsApp or email. {validity}
        </p>
      )}
      <div className="staff-link__row">
        <label htmlFor={id} className="visually-hidden">
          Link for {made.name}
        </label>
        <input
          id={id}
          className="field__input"
          readOnly
          value={made.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--outline admin-small-button"
          onClick={() => {
            void navigator.clipboard.writeText(made.url).then(
              () => toast({ title: 'Link copied' }),
              () =>
                toast({
                  title: 'Could not copy',
                  description: 'Select the link and copy it by hand.',
                  variant: 'destructive',
                }),
            );
          }}
        >
          Copy link
        </button>
        <button
          type="button"
          className="button button--outline admin-small-button"
          aria-label={`Done with the link for ${made.name}`}
          onClick={onDone}
        >
          Done
        </button>
      </div>
    </div>
  );
}

/**
 * The Owner's setting: two-step login for everyone, or for whoever turns it on; and the days a
 * person without it has to set it up from their own sign-in (afterwards, only with a new link).
 */
function TwoStepRequirement() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { refresh: refreshSession } = useStaffSession();
  const settings = useQuery(trpc.staff.settings.queryOptions());
  /** The days as typed; undefined shows the saved number. */
  const [days, setDays] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [focusDays, setFocusDays] = useState(0);
  const daysRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusDays > 0) daysRef.current?.focus();
  }, [focusDays]);
  const change = useMutation(
    trpc.staff.setTwoStepRequired.mutationOptions({
      onError: (failure: unknown) => {
        if (!isUnauthorized(failure))
          toast({ title: 'Not done', description: errorText(failure), variant: 'destructive' });
      },
      // Requiring it may hold back the Owner's own session too: the session says so.
      onSettled: () =>
        Promise.all([queryClient.invalidateQueries(trpc.staff.pathFilter()), refreshSession().catch(() => undefined)]),
    }),
  );
  if (!settings.data) return null;
  const { twoStepRequired: required, twoStepGraceDays: savedDays } = settings.data;
  const dayCount = (count: number) => (count === 1 ? '1 day' : `${count} days`);

  /** Requires two-step login with the days typed, or saves new days while it is required. */
  function requireWithDays() {
    // An empty box reads as 0, which the rule refuses with its message.
    const checked = twoStepGraceDaysSchema.safeParse(days === undefined ? savedDays : Number(days));
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      setFocusDays((count) => count + 1);
      return;
    }
    setError(undefined);
    change.mutate(
      { required: true, graceDays: checked.data },
      {
        onSuccess: (after) => {
          setDays(undefined);
          toast({
            title: required
              ? `Everyone has ${dayCount(after.twoStepGraceDays)} to set up two-step login`
              : 'Two-step login is now required',
          });
        },
      },
    );
  }

  return (
    <section className="staff__setting" aria-labelledby="staff-two-step-title">
      <h3 id="staff-two-step-title" className="panel-subtitle">
        Two-step login
      </h3>
      <p>
        {required
          ? `Required for everyone: a person without it is asked to set it up before they can use the dashboard, and may do so from their own sign-in for ${dayCount(savedDays)}. After that, only a new password link from you lets them set it up.`
          : 'Each person may turn it on for themselves under “Two-step login”. If you require it, everyone without it (you too) is asked to set it up first.'}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          requireWithDays();
        }}
        noValidate
      >
        <AdminField
          label="Days to set it up"
          hint="Counted from when you require it, or from when a person’s account was made or they last used a link from you, whichever is later."
          error={error}
        >
          {(control) => (
            <input
              {...control}
              ref={daysRef}
              className="field__input staff__days"
              type="number"
              inputMode="numeric"
              min={TWO_STEP_GRACE_DAYS.min}
              max={TWO_STEP_GRACE_DAYS.max}
              step={1}
              value={days ?? String(savedDays)}
              onChange={(event) => setDays(event.target.value)}
            />
          )}
        </AdminField>
        <div className="two-step__row">
          <button type="submit" className="button button--outline admin-small-button" disabled={change.isPending}>
            {required ? 'Save the days' : 'Require two-step login for everyone'}
          </button>
          {required ? (
            <button
              type="button"
              className="button button--outline admin-small-button"
              disabled={change.isPending}
              onClick={() =>
                change.mutate(
                  { required: false },
                  { onSuccess: () => toast({ title: 'Two-step login is no longer required' }) },
                )
              }
            >
              Stop requiring two-step login
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** While two-step login is required: until when a person without it may set it up alone, or that only a new link lets them now. */
function TwoStepSetupDeadline({ deadline }: { deadline: string }) {
  if (Date.parse(deadline) <= Date.now())
    return <>; the time to set it up alone has passed: make a new password link for them</>;
  return (
    <>
      ; to set it up by <time dateTime={deadline}>{formatDashboardDate(deadline)}</time>
    </>
  );
}

/** Where the email with an account's latest link is (decision 0027). */
function LinkMail({ mail }: { mail: StaffLinkMailState }) {
  if (mail.state === 'failed') {
    return (
      <span className="staff-account__mail staff-account__mail--failed">
        The email with the link to {mail.to} could not be delivered: {mailServerReply(mail.error ?? '')}. Make a new
        link to try again, or copy it and send it yourself; if the address is wrong, disable this account and add the
        person again.
      </span>
    );
  }
  if (mail.state === 'waiting') {
    return (
      <span className="staff-account__mail">
        {mail.error
          ? `The email with the link to ${mail.to} is not delivered yet (${mailServerReply(mail.error)}); the server keeps trying.`
          : `Emailing the link to ${mail.to}...`}
      </span>
    );
  }
  return (
    <span className="staff-account__mail">
      Link emailed to {mail.to} on <time dateTime={mail.at}>{formatDashboardDate(mail.at)}</time>
    </span>
  );
}

/**
 * The Owner's staff page: who has an account and with which role; adding a person (a link to
 * choose their password, emailed when mail is on); a new link for a forgotten password; changing
 * a role; disabling.
 */
export function StaffPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { account: me } = useStaffSession();
  const id = useId();
  const [watchMailUntil, setWatchMailUntil] = useState(0);
  const accounts = useQuery(
    trpc.staff.accounts.queryOptions(undefined, {
      refetchInterval: (query) =>
        Date.now() < watchMailUntil && query.state.data?.some((account) => account.linkMail?.state === 'waiting')
          ? MAIL_WAIT_REFRESH_MS
          : false,
    }),
  );
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  /** The links made here, newest last; a new link for a person replaces their earlier one, which no longer works. */
  const [made, setMadeLinks] = useState<MadeLink[]>([]);
  const setMade = (link: MadeLink) => {
    setMadeLinks((links) => [...links.filter((other) => other.accountId !== link.accountId), link]);
    if (link.emailedTo) setWatchMailUntil(Date.now() + MAIL_WATCH_MS);
  };
  const peopleHeadingRef = useRef<HTMLHeadingElement>(null);
  const doneWith = (accountId: number) => {
    setMadeLinks((links) => links.filter((link) => link.accountId !== accountId));
    // Focus would be lost with the button: it goes back to the list of people.
    peopleHeadingRef.current?.focus();
  };
  const refresh = () => queryClient.invalidateQueries(trpc.staff.pathFilter());
  const onError = (error: unknown) => {
    if (!isUnauthorized(error)) toast({ title: 'Not done', description: errorText(error), variant: 'destructive' });
  };
  const invite = useMutation(trpc.staff.invite.mutationOptions({ onSettled: refresh }));
  const passwordLink = useMutation(trpc.staff.passwordLink.mutationOptions({ onSettled: refresh, onError }));
  const update = useMutation(trpc.staff.update.mutationOptions({ onSettled: refresh, onError }));

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = newStaffAccountSchema.safeParse(draft);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const { account, link } = await invite.mutateAsync(checked.data);
      setMade({ accountId: account.id, name: account.name, email: account.email, ...link });
      setDraft(emptyDraft);
    } catch (error) {
      if (!isUnauthorized(error)) setErrors({ email: errorText(error) });
    }
  }

  return (
    <div className="enquiries staff">
      <h3 ref={peopleHeadingRef} tabIndex={-1} className="panel-subtitle">
        People with access
      </h3>
      {accounts.isPending ? (
        <p className="enquiries__state" role="status">
          Loading the accounts...
        </p>
      ) : accounts.isError ? (
        <LoadFailed
          message="The accounts could not be loaded. Please try again."
          onRetry={() => void accounts.refetch()}
        />
      ) : (
        <ul className="staff__accounts">
          {accounts.data.map((account) => {
            const fixed = account.fromEnvironment || account.id === me?.id;
            const state = account.disabledAt ? 'Disabled' : account.hasPassword ? 'Active' : 'Invited: no password yet';
            return (
              <li key={account.id} className="staff-account">
                <div className="staff-account__who">
                  <span className="staff-account__name">{account.name}</span>
                  <span className="staff-account__email">
                    {account.email ??
                      'Signs in with the school’s main staff password alone, which is set on the server'}
                  </span>
                  <span className="staff-account__state">
                    {state}; two-step login {account.twoStep ? 'on' : 'off'}
                    {account.twoStepSetupDeadline ? (
                      <TwoStepSetupDeadline deadline={account.twoStepSetupDeadline} />
                    ) : null}
                  </span>
                  {account.linkMail ? <LinkMail mail={account.linkMail} /> : null}
                </div>
                {fixed ? (
                  <span className="staff-account__role">{roleLabels[account.role]}</span>
                ) : (
                  <div className="staff-account__actions">
                    <label className="visually-hidden" htmlFor={`${id}-role-${account.id}`}>
                      Role of {account.name}
                    </label>
                    <select
                      id={`${id}-role-${account.id}`}
                      className="field__input"
                      value={account.role}
                      onChange={(event) =>
                        update.mutate({ accountId: account.id, role: event.target.value as StaffRole })
                      }
                    >
                      {staffRoles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className="button button--outline admin-small-button"
                      aria-label={`New password link for ${account.name}`}
                      onClick={() =>
                        passwordLink.mutate(
                          { accountId: account.id },
                          {
                            onSuccess: ({ link }) =>
                              setMade({ accountId: account.id, name: account.name, email: account.email, ...link }),
                          },
                        )
                      }
                    >
                      New password link
                    </button>
                    <button
                      type="button"
                      className="button button--outline admin-small-button"
                      aria-label={`${account.disabledAt ? 'Enable' : 'Disable'} ${account.name}`}
                      onClick={() => update.mutate({ accountId: account.id, disabled: !account.disabledAt })}
                    >
                      {account.disabledAt ? 'Enable' : 'Disable'}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {made.map((link) => (
        <LinkToSend key={link.accountId} made={link} onDone={() => doneWith(link.accountId)} />
      ))}
      <TwoStepRequirement />
      <h3 className="panel-subtitle">Add a person</h3>
      <form className="staff__form" onSubmit={add} noValidate>
        <AdminField label="Name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              autoComplete="off"
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          )}
        </AdminField>
        <AdminField label="Email" error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="email"
              autoComplete="off"
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
          )}
        </AdminField>
        <AdminField label="Role">
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={draft.role}
              onChange={(event) => setDraft({ ...draft, role: event.target.value as StaffRole })}
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}: {roleDescriptions[role]}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <button type="submit" className="button button--primary" disabled={invite.isPending}>
          {invite.isPending ? 'Creating...' : 'Create account and link'}
        </button>
      </form>
    </div>
  );
}
