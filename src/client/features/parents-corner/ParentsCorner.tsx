import { lazy, Suspense, useEffect, useState } from 'react';
import type { ParentsCornerTexts } from '#content/parentsCorner.ts';
import { PARENT_LINK_FRAGMENT } from '#shared/parents/parentLogin.ts';
import { LoginForm } from './LoginForm';
import { parentRequests, type ParentViewAnswer } from './parentRequests';
import { loginTexts } from './loginTexts';

const PortalView = lazy(() => import('./PortalView'));
const ChoosePassword = lazy(() => import('./ChoosePassword'));
// Asked for by a few: kept out of the page's first scripts (the 80 KB budget, decision 0006).
const ForgotPasswordForm = lazy(() => import('./ForgotPasswordForm'));

type Screen =
  | { name: 'login'; notice?: string | undefined; focusHeading: boolean }
  | { name: 'forgot' }
  | { name: 'link'; token: string }
  | { name: 'view'; view: ParentViewAnswer; focusHeading: boolean };

/** The token of a link in the address (`#parent-link=…`), or undefined. */
function linkToken(): string | undefined {
  const hash = window.location.hash.slice(1);
  return hash.startsWith(PARENT_LINK_FRAGMENT) ? hash.slice(PARENT_LINK_FRAGMENT.length) : undefined;
}

/**
 * The Parents' Corner: the prerendered page is the login form alone; after hydration the server
 * says whether this browser is signed in, and the view comes from it in one answer. After each
 * swap of screens, the new screen's heading takes focus (decision 0013).
 */
export function ParentsCorner({ texts }: { texts: ParentsCornerTexts }) {
  const [screen, setScreen] = useState<Screen>({ name: 'login', focusHeading: false });

  const openView = (focusHeading: boolean) =>
    parentRequests.signedInView().then(
      (view) => {
        if (view) setScreen({ name: 'view', view, focusHeading });
      },
      // The server not reached: the form stays.
      () => undefined,
    );

  useEffect(() => {
    const token = linkToken();
    if (token) setScreen({ name: 'link', token });
    else void openView(false);
  }, []);

  const backToLogin = (notice?: string) => setScreen({ name: 'login', notice, focusHeading: true });
  const logOut = async () => {
    await parentRequests.signOut().catch(() => undefined);
    backToLogin();
  };

  const loading = (
    <div className="portal-login card">
      <p role="status">{loginTexts.loading}</p>
    </div>
  );
  switch (screen.name) {
    case 'login':
      return (
        <LoginForm
          login={texts.login}
          notice={screen.notice}
          focusHeading={screen.focusHeading}
          onSignedIn={() => void openView(true)}
          onForgot={() => setScreen({ name: 'forgot' })}
        />
      );
    case 'forgot':
      return (
        <Suspense fallback={loading}>
          <ForgotPasswordForm onBack={() => backToLogin()} />
        </Suspense>
      );
    case 'link':
      return (
        <Suspense fallback={loading}>
          <ChoosePassword token={screen.token} onChosen={backToLogin} />
        </Suspense>
      );
    case 'view':
      return (
        <Suspense fallback={loading}>
          <PortalView
            texts={texts}
            view={screen.view}
            focusHeading={screen.focusHeading}
            onLogout={() => void logOut()}
            onSessionEnded={backToLogin}
          />
        </Suspense>
      );
  }
}
