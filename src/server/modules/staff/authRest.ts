import express from 'express';
import { slowedSignIn } from '#shared/dashboard/staffSignIn.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import type { Services } from '#server/services.ts';
import { createCallerFactory, createContext } from '#server/trpc.ts';
import { restHandler, type AnswerExtras } from '#server/platform/restAdapter.ts';
import { authRouter } from './authRouter';

const createCaller = createCallerFactory(authRouter);

/** What a refused login says besides its message, so a client knows what to send again. */
const signInExtras: AnswerExtras = (message) => ({
  // The spec's login answers with a message; an account with two-step login on also says a code is needed (decision 0026).
  ...(message === twoStepMessages.codeNeeded || message === twoStepMessages.invalidCode
    ? { twoStepRequired: true }
    : {}),
  // A new browser while the account is being guessed at: the same login again with a one-time code (decision 0051).
  ...(slowedSignIn.is(message) || message === slowedSignIn.invalid ? { codeRequired: true } : {}),
});

/** The spec's staff login, logout and session paths (under /api/admin), over the auth procedures. */
export function authRest(services: Services): express.Router {
  const rest = express.Router();
  const handle = restHandler(services.log, signInExtras);
  const callerFor = (req: express.Request, res: express.Response) => createCaller(createContext(services, req, res));

  rest.post(
    '/login',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).login(req.body));
    }),
  );

  rest.post(
    '/logout',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).logout());
    }),
  );

  rest.get(
    '/session',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).session());
    }),
  );

  return rest;
}
