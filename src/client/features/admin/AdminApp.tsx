import { lazy, Suspense, useEffect, useState } from 'react';
import { LoginScreen } from './account/LoginScreen';
import { staffLinkToken } from './account/staffLinkToken';
import { StaffSessionProvider, useStaffSession, type StaffSessionState } from './common/session';
import './admin.css';

/**
 * The dashboard's code (the enquiry panels, the site content editors, their schemas, tRPC with
 * react-query) is not needed to sign in: it loads once someone starts typing there, or after
 * signing in, so the login screen carries only itself (Lighthouse on /admin, issues 12 and 25).
 */
const loadDashboard = () => import('./SignedInArea').then(({ SignedInArea }) => ({ default: SignedInArea }));
const SignedInArea = lazy(loadDashboard);

/** The page of a link to choose a password, with the tRPC client it asks: only an address with such a link loads it. */
const SetPasswordPage = lazy(async () => {
  const [{ ApiProvider }, { SetPasswordScreen }] = await Promise.all([
    import('#client/trpc.tsx'),
    import('./account/SetPasswordScreen'),
  ]);
  return {
    default: (props: Parameters<typeof SetPasswordScreen>[0]) => (
      <ApiProvider>
        <SetPasswordScreen {...props} />
      </ApiProvider>
    ),
  };
});

const dashboardLoading = (
  <p className="admin-checking" role="status">
    Opening the dashboard...
  </p>
);

const linkChecking = (
  <p className="admin-checking" role="status">
    Checking your link...
  </p>
);

function StaffGate({ knownEmail }: { knownEmail: string | undefined }) {
  const { state } = useStaffSession();
  // A screen that replaces the other (a sign-in, a sign-out) puts focus on its heading, so a
  // screen reader says where the office now is; the first screen opens with the page as before.
  const [shown, setShown] = useState<{ state: StaffSessionState; replacedOther: boolean }>({
    state,
    replacedOther: false,
  });
  if (shown.state !== state) setShown({ state, replacedOther: shown.state !== 'checking' });
  if (state === 'checking') {
    return (
      <p className="admin-checking" role="status">
        Checking your session...
      </p>
    );
  }
  if (state === 'signedOut') {
    return (
      <div onInputCapture={() => void loadDashboard()}>
        <LoginScreen focusHeading={shown.replacedOther} email={knownEmail} />
      </div>
    );
  }
  return (
    <Suspense fallback={dashboardLoading}>
      <SignedInArea focusHeading={shown.replacedOther} />
    </Suspense>
  );
}

/**
 * The staff dashboard at /admin: the login, then the workbench; or, when the address carries a
 * link to choose a password, that page first. Client-only; loaded by AdminPage alone.
 */
export function AdminApp() {
  const [linkToken, setLinkToken] = useState(staffLinkToken);
  /** The email a person just chose their password for, offered on the login screen that follows. */
  const [knownEmail, setKnownEmail] = useState<string | undefined>(undefined);
  // A link pasted into a tab that already shows the dashboard changes only the # part: no reload.
  useEffect(() => {
    const follow = () => setLinkToken(staffLinkToken());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return linkToken ? (
    <Suspense fallback={linkChecking}>
      <SetPasswordPage
        token={linkToken}
        onDone={(email) => {
          // The link is spent (or useless): take it out of the address and the history.
          window.history.replaceState(null, '', window.location.pathname);
          setLinkToken(undefined);
          setKnownEmail(email);
        }}
      />
    </Suspense>
  ) : (
    <StaffSessionProvider>
      <StaffGate knownEmail={knownEmail} />
    </StaffSessionProvider>
  );
}
