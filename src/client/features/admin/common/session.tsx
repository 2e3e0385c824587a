import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { notSecureSignIn, staffAuthMessages, staffLoginBusy, type SignedInAccount, type StaffSessionStatus } from '../../../../shared/dashboard';
import { twoStepMessages } from '../../../../shared/staff/twoStepMessages';
import { useTRPC } from '../../../trpc';
import { dismissToast, toast } from '../../../ui/toast/toastStore';
import { httpStatusOf, isUnauthorized } from './apiErrors';

export type StaffSessionState = 'checking' | 'signedOut' | 'signedIn';

/**
 * How a sign-in went: in, refused (the toast says why), the password was right and the account's
 * two-step code is needed, or refused because this address would not keep it (the server's words, for the screen to keep).
 */
export type LoginOutcome = 'signedIn' | 'refused' | 'codeNeeded' | { notSecure: string };

type StaffSession = {
  state: StaffSessionState;
  /** Set while signed in. */
  account: SignedInAccount | undefined;
  /** The Owner requires two-step login and this account has not turned it on: only its setup is shown. */
  twoStepSetupNeeded: boolean;
  /** Shows the spec's toasts when refused. An empty email signs in the first Owner; `code` is the second step, when asked for. */
  login(credentials: { email: string; password: string; code?: string }): Promise<LoginOutcome>;
  /** Asks the server again who is signed in (after two-step login was set up). */
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

function announceSessionEnded(): void {
  toast({ title: 'Session ended', description: staffAuthMessages.sessionEnded, variant: 'destructive' });
}

function loginErrorText(error: unknown): { title: string; description: string } {
  const status = httpStatusOf(error);
  if (status === 429) {
    return { title: 'Too many attempts', description: error instanceof Error && error.message ? error.message : staffAuthMessages.loginFailed };
  }
  if (status === 503) return { title: 'Server busy', description: staffAuthMessages.busy };
  if (status !== undefined && status < 500) {
    return { title: 'Error', description: error instanceof Error && error.message ? error.message : staffAuthMessages.invalidPassword };
  }
  return { title: 'Error', description: staffAuthMessages.loginFailed };
}

/**
 * Whether the office is signed in, as the server says: asked on load (so a reload keeps the
 * session), after login and logout, when the session is due to lapse, and implied by any
 * 401 answer.
 */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessionQuery = useQuery(trpc.auth.session.queryOptions());
  const { mutateAsync: sendLogin } = useMutation(trpc.auth.login.mutationOptions());
  const { mutateAsync: sendLogout } = useMutation(trpc.auth.logout.mutationOptions());

  const forgetEnquiries = useCallback(() => {
    queryClient.removeQueries(trpc.dashboard.pathFilter());
    queryClient.removeQueries(trpc.mail.pathFilter());
  }, [queryClient, trpc]);

  // A notification about the dashboard has nothing to say on the login screen.
  const signOutLocally = useCallback(() => {
    dismissToast();
    queryClient.setQueryData<StaffSessionStatus>(trpc.auth.session.queryKey(), { authenticated: false });
    forgetEnquiries();
  }, [queryClient, trpc, forgetEnquiries]);

  const endSession = useCallback(() => {
    const current = queryClient.getQueryData<StaffSessionStatus>(trpc.auth.session.queryKey());
    if (!current?.authenticated) return;
    signOutLocally();
    announceSessionEnded();
  }, [queryClient, trpc, signOutLocally]);

  const refresh = useCallback(async () => {
    await queryClient.fetchQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 });
  }, [queryClient, trpc]);

  // Any call the server refuses for want of a session ends it here too; one refused until
  // two-step login is on (the Owner has just required it) shows its setup.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (isUnauthorized(error)) endSession();
      else if (error instanceof Error && error.message === twoStepMessages.requiredByOwner) void refresh().catch(() => undefined);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, endSession, refresh]);

  // Close the dashboard when the server's idle or absolute limit passes, rather than leaving enquiries on screen.
  const status = sessionQuery.data;
  useEffect(() => {
    if (!status?.authenticated) return;
    const lapsesAt = Math.min(Date.parse(status.idleExpiresAt), Date.parse(status.expiresAt));
    const timer = window.setTimeout(
      async () => {
        try {
          // The answer replaces the cached status, so a lapsed session shows the login by itself.
          const fresh = await queryClient.fetchQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 });
          if (!fresh.authenticated) {
            forgetEnquiries();
            announceSessionEnded();
          }
        } catch {
          // A network failure is not proof the session ended; the next call will tell.
        }
      },
      Math.max(0, lapsesAt - Date.now()) + EXPIRY_CHECK_MARGIN_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, queryClient, trpc, forgetEnquiries]);

  const login = useCallback(
    async (credentials: { email: string; password: string; code?: string }): Promise<LoginOutcome> => {
      for (let attempt = 0; ; attempt++) {
        try {
          await sendLogin(credentials);
          break;
        } catch (error) {
          if (error instanceof Error && error.message === twoStepMessages.codeNeeded) return 'codeNeeded';
          if (error instanceof Error && notSecureSignIn.is(error.message)) return { notSecure: error.message };
          // A flood of guesses can fill the server's password checks for a moment: wait as asked and try again.
          if (httpStatusOf(error) === 503 && attempt < staffLoginBusy.retries) {
            await new Promise((resolve) => window.setTimeout(resolve, staffLoginBusy.retryAfterSeconds * 1000));
            continue;
          }
          toast({ ...loginErrorText(error), variant: 'destructive' });
          return 'refused';
        }
      }
      forgetEnquiries();
      // A refusal of an earlier try is no longer true.
      dismissToast();
      try {
        // The answer switches the screen to the dashboard.
        const status = await queryClient.fetchQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 });
        return status.authenticated ? 'signedIn' : 'refused';
      } catch {
        toast({ title: 'Error', description: staffAuthMessages.loginFailed, variant: 'destructive' });
        return 'refused';
      }
    },
    [sendLogin, forgetEnquiries, queryClient, trpc],
  );

  const logout = useCallback(async () => {
    try {
      await sendLogout();
    } catch {
      // docs/spec.md §7: logout failures are ignored; the screen closes all the same.
    }
    signOutLocally();
  }, [sendLogout, signOutLocally]);

  const state: StaffSessionState = sessionQuery.isPending ? 'checking' : sessionQuery.data?.authenticated ? 'signedIn' : 'signedOut';
  const account = sessionQuery.data?.authenticated ? sessionQuery.data.account : undefined;
  const twoStepSetupNeeded = sessionQuery.data?.authenticated ? sessionQuery.data.twoStepSetupNeeded : false;
  const value = useMemo(
    () => ({ state, account, twoStepSetupNeeded, login, logout, endSession, refresh }),
    [state, account, twoStepSetupNeeded, login, logout, endSession, refresh],
  );
  return <StaffSessionContext value={value}>{children}</StaffSessionContext>;
}
