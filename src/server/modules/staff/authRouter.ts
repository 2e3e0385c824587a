import { staffLoginSchema } from '#shared/dashboard/staffAuth.ts';
import { setPasswordSchema, staffLinkTokenSchema } from '#shared/staff/accounts.ts';
import { linkHolder, sessionStatus, setPasswordByLink, signIn, signOut } from './service';
import { router, staffAuthProcedure } from '#server/trpc.ts';

/** Staff login, logout and "am I logged in?". The session lives in an HttpOnly cookie. */
export const authRouter = router({
  login: staffAuthProcedure.input(staffLoginSchema).mutation(({ ctx, input }) => signIn(ctx, input)),

  logout: staffAuthProcedure.mutation(({ ctx }) => signOut(ctx)),

  /** Whether the cookie holds a live session; asking does not count as activity. */
  session: staffAuthProcedure.query(({ ctx }) => sessionStatus(ctx)),

  /** Whom a link to choose a password is for, so its page can greet them; the same answer for every link that does not work. */
  linkHolder: staffAuthProcedure.input(staffLinkTokenSchema).query(({ ctx, input }) => linkHolder(ctx, input.token)),

  /** Sets the password of the link's account and uses the link up; a link that does not work costs the server no hashing. */
  setPassword: staffAuthProcedure.input(setPasswordSchema).mutation(({ ctx, input }) => setPasswordByLink(ctx, input)),
});
