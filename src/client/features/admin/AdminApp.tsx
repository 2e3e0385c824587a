import { useState } from 'react';
import { ApiProvider } from '../../trpc';
import { Dashboard } from './Dashboard';
import { LoginScreen } from './LoginScreen';
import { StaffSessionProvider, useStaffSession, type StaffSessionState } from './session';
import './admin.css';

function StaffGate() {
  const { state } = useStaffSession();
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
  return state === 'signedIn' ? <Dashboard focusHeading={shown.replacedOther} /> : <LoginScreen focusHeading={shown.replacedOther} />;
}

/** The staff dashboard at /admin: the login, then the workbench. Client-only; loaded by AdminPage alone. */
export function AdminApp() {
  return (
    <ApiProvider>
      <StaffSessionProvider>
        <StaffGate />
      </StaffSessionProvider>
    </ApiProvider>
  );
}
