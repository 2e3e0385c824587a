import express from 'express';
import type { Services } from '#server/services.ts';
import { createCallerFactory, createContext } from '#server/trpc.ts';
import { restHandler } from '#server/platform/restAdapter.ts';
import { contentRouter } from './router';

const createCaller = createCallerFactory(contentRouter);

/** A page with the draft site content (under /api/admin), for staff only: never cached, never indexed. */
export function contentRest(services: Services): express.Router {
  const rest = express.Router();
  const handle = restHandler(services.log);

  rest.get(
    '/content/preview',
    handle(async (req, res) => {
      const { html } = await createCaller(createContext(services, req, res)).preview({
        path: typeof req.query.path === 'string' ? req.query.path : undefined,
      });
      res.setHeader('X-Robots-Tag', 'noindex');
      res.type('html').send(html);
    }),
  );

  return rest;
}
