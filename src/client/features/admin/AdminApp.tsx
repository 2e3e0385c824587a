import { ApiProvider } from '../../trpc';
import { Dashboard } from './Dashboard';
import { LoginScreen } from './LoginScreen';
import { StaffSessionProvider, useStaffSession } from './session';
import './admin.css';

function StaffGate() {
  const { state } = useStaffSession();
  if (state === 'checking') {
    return (
      <p className="admin-checking" role="status">
        Checking your session...
      </p>
    );
  }
  return state === 'signedIn' ? <Dashboard /> : <LoginScreen />;
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
