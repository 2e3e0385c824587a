import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { ApiProvider } from '#client/trpc.tsx';
import { TwoStepRequiredScreen } from './account/TwoStepLogin';
import { isUnauthorized } from './common/apiErrors';
import { useStaffSession } from './common/session';
import { Dashboard } from './Dashboard';

/**
 * Any call the server refuses for want of a session ends it; one refused until two-step login is
 * on (the Owner has just required it) asks the session again, which then shows its setup.
 */
function SessionFollowsRefusals() {
  const queryClient = useQueryClient();
  const { endSession, refresh } = useStaffSession();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (isUnauthorized(error)) endSession();
      else if (error instanceof Error && error.message === twoStepMessages.requiredByOwner)
        void refresh().catch(() => undefined);
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
  return null;
}

/**
 * What a signed-in person sees: the dashboard, or only the setup of two-step login while the
 * Owner requires it. Loaded after sign-in (or on the first input into the sign-in form) with
 * tRPC and react-query; its query client lives as long as the sign-in, so no cached enquiry
 * outlasts it. focusHeading: after a sign-in.
 */
export function SignedInArea({ focusHeading }: { focusHeading: boolean }) {
  const { twoStepSetupNeeded } = useStaffSession();
  return (
    <ApiProvider>
      <SessionFollowsRefusals />
      {twoStepSetupNeeded ? (
        <TwoStepRequiredScreen focusHeading={focusHeading} />
      ) : (
        <Dashboard focusHeading={focusHeading} />
      )}
    </ApiProvider>
  );
}
