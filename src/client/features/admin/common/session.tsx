import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SignedInAccount, StaffSessionStatus } from '#shared/dashboard/staffAuth.ts';
import { notSecureSignIn, slowedSignIn, staffAuthMessages, staffLoginBusy } from '#shared/dashboard/staffSignIn.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { dismissToast, toast } from '#client/ui/toast/toastStore.ts';
import { askSession, SessionRequestError, sendLogin, sendLogout } from './sessionRequests';

export type StaffSessionState = 'checking' | 'signedOut' | 'signedIn';

/**
 * How a sign-in went: in, refused (the toast says why), the password was right and the account's
 * two-step code is needed, or refused because this address would not keep it (the server's words, for the screen to keep).
 */
/** `codeAsked`: the account is being guessed at and this browser is new to it; the server's words say where the code comes from (decision 0051). */
export type LoginOutcome = 'signedIn' | 'refused' | 'codeNeeded' | { codeAsked: string } | { notSecure: string };

type StaffSession = {
  state: StaffSessionState;
  /** Set while signed in. */
  account: SignedInAccount | undefined;
  /** The Owner requires two-step login and this account has not turned it on: only its setup is shown. */
  twoStepSetupNeeded: boolean;
  /** Shows the spec's toasts when refused. An empty email signs in the first Owner; `code` is the second step, when asked for. */
  login(credentials: { email: string; password: string; code?: string }): Promise<LoginOutcome>;
  /** Asks the server again who is signed in (after two-step login was set up, or the Owner required it). */
  refresh(): Promise<void>;
  logout(): Promise<void>;
  /** The server no longer knows this session (idle, expired, logged out elsewhere): back to the login. */
  endSession(): void;
};

const StaffSessionContext = createContext<StaffSession | null>(null);

export function useStaffSession(): StaffSession {
  const session = use(StaffSessionContext);
  if (!session) throw new Error('useStaffSession needs a <StaffSessionProvider>');
  return session;
}

/** Margin after the server's expiry before the dashboard asks again, so the answer is certain. */
const EXPIRY_CHECK_MARGIN_MS = 1000;

const signedOut: StaffSessionStatus = { authenticated: false };

function announceSessionEnded(): void {
  toast({ title: 'Session ended', description: staffAuthMessages.sessionEnded, variant: 'destructive' });
}

function loginErrorText({ status, message }: SessionRequestError): { title: string; description: string } {
  if (status === 429) return { title: 'Too many attempts', description: message || staffAuthMessages.loginFailed };
  if (status === 503) return { title: 'Server busy', description: staffAuthMessages.busy };
  if (status !== undefined && status < 500)
    return { title: 'Error', description: message || staffAuthMessages.invalidPassword };
  return { title: 'Error', description: staffAuthMessages.loginFailed };
}

/**
 * Whether the office is signed in, as the server says: asked on load (so a reload keeps the
 * session), after login and logout, when the session is due to lapse, and implied by any
 * 401 answer (the dashboard reports those, src/client/features/admin/SignedInArea.tsx). It talks
 * to the auth procedures without the tRPC client, so the sign-in screen loads without it.
 * The dashboard's cached answers live in its own query client, gone with it at sign-out.
 */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  /** Undefined until the server has answered the first time. */
  const [status, setStatus] = useState<StaffSessionStatus | undefined>(undefined);
  const current = useRef(status);
  const show = useCallback((next: StaffSessionStatus) => {
    current.current = next;
    setStatus(next);
  }, []);

  useEffect(() => {
    let wanted = true;
    // A failed check is no session: the login is shown, and signing in asks again.
    askSession().then(
      (answer) => wanted && show(answer),
      () => wanted && show(signedOut),
    );
    return () => {
      wanted = false;
    };
  }, [show]);

  // A notification about the dashboard has nothing to say on the login screen.
  const signOutLocally = useCallback(() => {
    dismissToast();
    show(signedOut);
  }, [show]);

  const endSession = useCallback(() => {
    if (!current.current?.authenticated) return;
    signOutLocally();
    announceSessionEnded();
  }, [signOutLocally]);

  const refresh = useCallback(async () => {
    show(await askSession());
  }, [show]);

  // Close the dashboard when the server's idle or absolute limit passes, rather than leaving enquiries on screen.
  useEffect(() => {
    if (!status?.authenticated) return;
    const lapsesAt = Math.min(Date.parse(status.idleExpiresAt), Date.parse(status.expiresAt));
    const timer = window.setTimeout(
      async () => {
        try {
          const fresh = await askSession();
          // A lapsed session shows the login by itself.
          show(fresh);
          if (!fresh.authenticated) announceSessionEnded();
        } catch {
          // A network failure is not proof the session ended; the next call will tell.
        }
      },
      Math.max(0, lapsesAt - Date.now()) + EXPIRY_CHECK_MARGIN_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, show]);

  const login = useCallback(
    async (credentials: { email: string; password: string; code?: string }): Promise<LoginOutcome> => {
      for (let attempt = 0; ; attempt++) {
        try {
          await sendLogin(credentials);
          break;
        } catch (error) {
          const refusal = error instanceof SessionRequestError ? error : new SessionRequestError('', undefined);
          if (refusal.message === twoStepMessages.codeNeeded) return 'codeNeeded';
          if (slowedSignIn.is(refusal.message)) return { codeAsked: refusal.message };
          if (notSecureSignIn.is(refusal.message)) return { notSecure: refusal.message };
          // A flood of guesses can fill the server's password checks for a moment: wait as asked and try again.
          if (refusal.status === 503 && attempt < staffLoginBusy.retries) {
            await new Promise((resolve) => window.setTimeout(resolve, staffLoginBusy.retryAfterSeconds * 1000));
            continue;
          }
          toast({ ...loginErrorText(refusal), variant: 'destructive' });
          return 'refused';
        }
      }
      // A refusal of an earlier try is no longer true.
      dismissToast();
      try {
        // The answer switches the screen to the dashboard.
        const answer = await askSession();
        show(answer);
        return answer.authenticated ? 'signedIn' : 'refused';
      } catch {
        toast({ title: 'Error', description: staffAuthMessages.loginFailed, variant: 'destructive' });
        return 'refused';
      }
    },
    [show],
  );

  const logout = useCallback(async () => {
    try {
      await sendLogout();
    } catch {
      // docs/spec.md §7: logout failures are ignored; the screen closes all the same.
    }
    signOutLocally();
  }, [signOutLocally]);

  const state: StaffSessionState = status === undefined ? 'checking' : status.authenticated ? 'signedIn' : 'signedOut';
  const account = status?.authenticated ? status.account : undefined;
  const twoStepSetupNeeded = status?.authenticated ? status.twoStepSetupNeeded : false;
  const value = useMemo(
    () => ({ state, account, twoStepSetupNeeded, login, logout, endSession, refresh }),
    [state, account, twoStepSetupNeeded, login, logout, endSession, refresh],
  );
  return <StaffSessionContext value={value}>{children}</StaffSessionContext>;
}
