import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiProvider } from '../../trpc';
import { LoginScreen } from './account/LoginScreen';
import { SetPasswordScreen, staffLinkToken } from './account/SetPasswordScreen';
import { TwoStepRequiredScreen } from './account/TwoStepLogin';
import { StaffSessionProvider, useStaffSession, type StaffSessionState } from './common/session';
import './admin.css';

/**
 * The dashboard's code (the enquiry panels, the site content editors and their schemas) is not
 * needed to sign in: it loads once someone starts typing there, or after signing in, so the login
 * screen carries only itself (Lighthouse on /admin, issue 12).
 */
const loadDashboard = () => import('./Dashboard').then(({ Dashboard }) => ({ default: Dashboard }));
const Dashboard = lazy(loadDashboard);

const dashboardLoading = (
  <p className="admin-checking" role="status">
    Opening the dashboard...
  </p>
);

function StaffGate({ knownEmail }: { knownEmail: string | undefined }) {
  const { state, twoStepSetupNeeded } = useStaffSession();
  // A screen that replaces the other (a sign-in, a sign-out) puts focus on its heading, so a
  // screen reader says where the office now is; the first screen opens with the page as before.
  const [shown, setShown] = useState<{ state: StaffSessionState; replacedOther: boolean }>({ state, replacedOther: false });
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
  if (twoStepSetupNeeded) return <TwoStepRequiredScreen focusHeading={shown.replacedOther} />;
  return (
    <Suspense fallback={dashboardLoading}>
      <Dashboard focusHeading={shown.replacedOther} />
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
  return (
    <ApiProvider>
      {linkToken ? (
        <SetPasswordScreen
          token={linkToken}
          onDone={(email) => {
            // The link is spent (or useless): take it out of the address and the history.
            window.history.replaceState(null, '', window.location.pathname);
            setLinkToken(undefined);
            setKnownEmail(email);
          }}
        />
      ) : (
        <StaffSessionProvider>
          <StaffGate knownEmail={knownEmail} />
        </StaffSessionProvider>
      )}
    </ApiProvider>
  );
}
