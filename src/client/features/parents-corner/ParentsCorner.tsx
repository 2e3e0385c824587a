import { useEffect, useRef, useState } from 'react';
import type { ParentsCornerEntry, ParentsCornerTexts } from '../../../content/parentsCorner';
import { LoginForm } from './LoginForm';
import { PortalView } from './PortalView';
import { isLoginRemembered, rememberLogin } from './rememberedLogin';

/**
 * The portal switches between the login form and the logged-in view in the browser only;
 * there are no parent accounts on the server. After each switch, focus moves to the new
 * view's heading so keyboard and screen-reader users land in the right place.
 */
export function ParentsCorner({
  texts,
  events,
  notices,
}: {
  texts: ParentsCornerTexts;
  events: ParentsCornerEntry[];
  notices: ParentsCornerEntry[];
}) {
  const [loggedIn, setLoggedIn] = useState(false);
  const [switched, setSwitched] = useState(false);
  const loginHeading = useRef<HTMLHeadingElement>(null);
  const portalHeading = useRef<HTMLHeadingElement>(null);

  // The prerendered page shows the login form; a remembered device opens the portal after hydration.
  useEffect(() => {
    if (isLoginRemembered()) setLoggedIn(true);
  }, []);

  useEffect(() => {
    if (!switched) return;
    (loggedIn ? portalHeading : loginHeading).current?.focus();
  }, [loggedIn, switched]);

  const logIn = (remember: boolean) => {
    rememberLogin(remember);
    setSwitched(true);
    setLoggedIn(true);
  };
  const logOut = () => {
    rememberLogin(false);
    setSwitched(true);
    setLoggedIn(false);
  };

  return loggedIn ? (
    <PortalView parentsCorner={texts} events={events} notices={notices} onLogout={logOut} headingRef={portalHeading} />
  ) : (
    <LoginForm login={texts.login} onLogin={logIn} headingRef={loginHeading} />
  );
}
