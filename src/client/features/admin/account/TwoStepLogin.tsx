import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { RECOVERY_CODE_COUNT, type TwoStepSetup as SetupData } from '#shared/staff/twoStep.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { useStaffSession } from '#client/features/admin/common/session.tsx';
import { WithCommands } from './WithCommands';
import './account.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

const statusFailed = 'Your two-step login could not be loaded. Please try again.';
const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

/** The recovery codes, shown this once (the server keeps only their hashes), with a way to copy them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="two-step__codes">
      <h3 ref={headingRef} tabIndex={-1} className="two-step__title">
        Your recovery codes
      </h3>
      <p>
        Two-step login is on. Keep these {codes.length} codes somewhere safe, away from your phone (printed, or in a
        password manager). Each works once, in place of the code from your app, if you lose your phone. They are shown
        only now.
      </p>
      <ul className="two-step__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-step__row">
        <button
          type="button"
          className="button button--outline admin-small-button"
          onClick={() => {
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => toast({ title: 'Codes copied' }),
              () =>
                toast({
                  title: 'Could not copy',
                  description: 'Select the codes and copy them by hand.',
                  variant: 'destructive',
                }),
            );
          }}
        >
          Copy codes
        </button>
        <button type="button" className="button button--primary admin-small-button" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** Scanning the QR code (or typing the secret), then a current code to prove the app has it. */
function SetupSteps({ setup, onConfirmed }: { setup: SetupData; onConfirmed: (codes: string[]) => void }) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const confirm = useMutation(trpc.twoStep.confirm.mutationOptions());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const { recoveryCodes, message } = await confirm.mutateAsync({ code });
      toast({ title: message });
      onConfirmed(recoveryCodes);
    } catch (failure) {
      if (!isUnauthorized(failure)) setError(errorText(failure));
    }
  }

  return (
    <div className="two-step__setup">
      <ol className="two-step__steps">
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 2FAS)
          and add an account.
        </li>
        <li>
          Scan this QR code:
          <img
            className="two-step__qr"
            src={setup.qrCode}
            width={200}
            height={200}
            alt={`QR code for ${setup.issuer}, ${setup.label}`}
          />
          or type this key: <code className="two-step__secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <form onSubmit={submit} noValidate className="two-step__form">
        <AdminField label="Code from your app" error={error}>
          {(control) => (
            <input
              {...control}
              className="field__input two-step__code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </AdminField>
        <button type="submit" className="button button--primary admin-small-button" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on two-step login'}
        </button>
      </form>
    </div>
  );
}

/**
 * From the first step to the recovery codes; `onDone` once the person has saved them. `intro`, what
 * is said while it is still off, goes with the codes' arrival: from then on it is on. `closed`:
 * the days to set it up with the password alone are over, so the setup starts with a one-time code
 * emailed to the account (decision 0051).
 */
function TwoStepSetup({ intro, onDone, closed = false }: { intro: ReactNode; onDone: () => void; closed?: boolean }) {
  const trpc = useTRPC();
  const start = useMutation(trpc.twoStep.start.mutationOptions());
  const [setup, setSetup] = useState<SetupData | undefined>(undefined);
  const [codes, setCodes] = useState<string[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  const begin = (code?: string) => {
    setError(undefined);
    start.mutate(code === undefined ? undefined : { code }, {
      onSuccess: setSetup,
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        if (closed) setError(errorText(failure));
        else toast({ title: 'Not done', description: errorText(failure), variant: 'destructive' });
      },
    });
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  return (
    <>
      {intro}
      {setup ? (
        <SetupSteps setup={setup} onConfirmed={setCodes} />
      ) : closed ? (
        <SetupCode onCode={begin} pending={start.isPending} error={error} />
      ) : (
        <div className="two-step__row">
          <button
            type="button"
            className="button button--primary admin-small-button"
            disabled={start.isPending}
            onClick={() => begin()}
          >
            Set up two-step login
          </button>
        </div>
      )}
    </>
  );
}

/** After the days to set it up: why, a button that emails a one-time code, and the field for it. */
function SetupCode({
  onCode,
  pending,
  error,
}: {
  onCode: (code: string) => void;
  pending: boolean;
  error: string | undefined;
}) {
  const trpc = useTRPC();
  const send = useMutation(trpc.twoStep.sendSetupCode.mutationOptions());
  const [code, setCode] = useState('');
  const sent = send.data?.message;
  return (
    <div className="two-step__closed">
      <p>{twoStepMessages.setupClosed}</p>
      <div className="two-step__row">
        <button
          type="button"
          className="button button--outline admin-small-button"
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {sent ? 'Email me another code' : 'Email me a code'}
        </button>
      </div>
      <p role="status">{sent ? <WithCommands text={sent} /> : send.isError ? errorText(send.error) : null}</p>
      {sent ? (
        <form
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            onCode(code);
          }}
          noValidate
        >
          <AdminField label="Code from the email" error={error}>
            {(control) => (
              <input
                {...control}
                className="field__input admin-login__code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </AdminField>
          <button type="submit" className="button button--primary admin-small-button" disabled={pending}>
            {pending ? 'Checking...' : 'Set up with this code'}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** Turning it off, or new recovery codes: each asks for a current code or the password again. */
function ManageTwoStep({ codesLeft }: { codesLeft: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [codes, setCodes] = useState<string[] | undefined>(undefined);
  const refresh = () => queryClient.invalidateQueries(trpc.twoStep.pathFilter());
  const turnOff = useMutation(trpc.twoStep.turnOff.mutationOptions({ onSettled: refresh }));
  const newCodes = useMutation(trpc.twoStep.newRecoveryCodes.mutationOptions({ onSettled: refresh }));

  async function act(action: 'turnOff' | 'newCodes') {
    setError(undefined);
    try {
      if (action === 'newCodes') setCodes((await newCodes.mutateAsync({ confirmation })).recoveryCodes);
      else toast({ title: (await turnOff.mutateAsync({ confirmation })).message });
      setConfirmation('');
    } catch (failure) {
      if (!isUnauthorized(failure)) setError(errorText(failure));
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
  return (
    <div className="two-step__manage">
      <p>
        Two-step login is on. {codesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
      </p>
      <AdminField label="A current code from your app, or your password" error={error}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="password"
            autoComplete="off"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        )}
      </AdminField>
      <div className="two-step__row">
        <button
          type="button"
          className="button button--outline admin-small-button"
          disabled={newCodes.isPending}
          onClick={() => void act('newCodes')}
        >
          Make new recovery codes
        </button>
        <button
          type="button"
          className="button button--outline admin-small-button"
          disabled={turnOff.isPending}
          onClick={() => void act('turnOff')}
        >
          Turn off two-step login
        </button>
      </div>
    </div>
  );
}

/** "Two-step login" under the dashboard's header, beside "Where you are signed in". */
export function OwnTwoStep() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const status = useQuery(trpc.twoStep.status.queryOptions(undefined, { enabled: open, staleTime: 0 }));
  return (
    <details className="own-sessions two-step" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Two-step login</summary>
      {status.isPending ? (
        <p role="status">{open ? 'Loading...' : null}</p>
      ) : status.isError ? (
        <LoadFailed message={statusFailed} onRetry={() => void status.refetch()} />
      ) : status.data.on ? (
        <ManageTwoStep codesLeft={status.data.recoveryCodesLeft} />
      ) : (
        <TwoStepSetup
          closed={!status.data.setupAllowed}
          intro={
            <p>
              Two-step login is off. With it on, signing in also asks for a code from an app on your phone, so a
              password alone is not enough.
            </p>
          }
          onDone={() => void queryClient.invalidateQueries(trpc.twoStep.pathFilter())}
        />
      )}
    </details>
  );
}

/**
 * What a person sees, and all they can do, while the Owner requires two-step login and theirs is
 * off: set it up, until the Owner's days for it are over; then ask the Owner for a new link.
 */
export function TwoStepRequiredScreen({ focusHeading }: { focusHeading: boolean }) {
  const trpc = useTRPC();
  const { logout, refresh, account } = useStaffSession();
  const status = useQuery(trpc.twoStep.status.queryOptions(undefined, { staleTime: 0 }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, []);
  const deadline = status.data?.setupDeadline;
  return (
    <section className="admin-login" aria-labelledby="two-step-required-title">
      <div className="admin-login__card two-step">
        <p className="admin-login__eyebrow">School office</p>
        <h1 id="two-step-required-title" ref={headingRef} tabIndex={-1}>
          Turn on two-step login
        </h1>
        <p>
          {account ? `Signed in as ${account.name}. ` : null}
          {twoStepMessages.requiredByOwner} It takes a minute with an authenticator app on your phone.
        </p>
        {status.isPending ? (
          <p role="status">Loading...</p>
        ) : status.isError ? (
          <LoadFailed message={statusFailed} onRetry={() => void status.refetch()} />
        ) : (
          <TwoStepSetup
            closed={!status.data.setupAllowed}
            intro={
              deadline && status.data.setupAllowed ? (
                <p>
                  Please set it up by <time dateTime={deadline}>{formatDashboardDate(deadline)}</time>; after that, only
                  a new link from the Owner lets you.
                </p>
              ) : null
            }
            onDone={() => void refresh()}
          />
        )}
        <button
          type="button"
          className="button button--outline admin-small-button two-step__logout"
          onClick={() => void logout()}
        >
          Logout
        </button>
      </div>
    </section>
  );
}
