import fs from 'node:fs';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { sessionCookieName } from '#server/modules/staff/service.ts';
import { roleAllows } from '#shared/staff/roles.ts';
import type { RequestListener } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { templateFile } from './buildOutput';
import { adminRest } from './api/adminRest';
import { builtFiles } from './modules/content/builtFiles';
import { onlyAllowedMethods } from './platform/allowedMethods';
import { photoFiles } from './modules/photos/servePhotos';
import { enquiryBodyLimits, enquiryRest } from './modules/enquiries/rest';
import { parentsRest } from './modules/parents/rest';
import { PARENT_DOCUMENT_MAX_BYTES } from '#shared/parents/documents.ts';
import { openApi } from './api/openapi';
import { healthCheck } from './api/health';
import { httpsRedirect, type TrustProxyFn } from './platform/httpsRedirect';
import { inlineStyleSources } from './platform/inlineStyles';
import { prerenderedPages } from './modules/content/pages';
import { requestIdTrust, withRequestIds } from './platform/requestIds';
import { unseenProxyNotice } from './platform/unseenProxy';
import { visitBooking } from './modules/visits/rest';
import { isServerFailure, publicMessages } from './platform/publicErrors';
import { requestRefusal, uncompressedBodiesOnly } from './platform/requestBodies';
import { securityHeaderSets, securityHeaders } from './platform/securityHeaders';
import { seoFiles } from './platform/seoFiles';
import { staticFiles } from './platform/staticFiles';
import { PHOTO_PATH_PREFIX } from '#shared/content/photos.ts';
import { PHOTO_MAX_BYTES } from '#shared/content/photoUploads.ts';
import { appRouter } from './api/root';
import { CONTENT_BODY_MAX_BYTES, contentBodyPaths } from './modules/content/router';
import type { Services } from './services';
import { createContext } from './trpc';

export type AppOptions = {
  /** API-only tests run without a site build; everything else serves the prerendered pages. */
  servePages?: boolean;
};

/**
 * The Express application: the API, redirects, public files and pages looked up by route.
 * Middleware order matters: headers first, pages last. The server runs it behind the built
 * files (createRequestListener).
 */
/** Every page carries the template's inline stylesheet; the policy allows it by hash. */
function siteStyles(servePages: boolean): string[] {
  return servePages ? inlineStyleSources(fs.readFileSync(templateFile, 'utf8')) : [];
}

export function createApp(services: Services, { servePages = true }: AppOptions = {}): express.Express {
  const { config, log } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(securityHeaders(config, siteStyles(servePages)));
  app.use(onlyAllowedMethods());

  // Before the https redirect: the host's own checks reach it over plain http.
  app.get('/healthz', healthCheck(services));

  app.use(httpsRedirect(config));
  app.use(
    PHOTO_PATH_PREFIX,
    photoFiles(config.dataDir, {
      shown: (photoId) => services.sitePublisher.pages.photoIds().has(photoId),
      async fromEditor(req) {
        const token: unknown = req.cookies?.[sessionCookieName(config)];
        const session = await services.staffAuth.inspect(typeof token === 'string' ? token : undefined, services.now());
        return session !== undefined && !session.twoStepSetupNeeded && roleAllows(session.account.role, 'content');
      },
    }),
  );
  // Public files first: they need nothing of what follows (cookies, the API's routers).
  if (servePages) {
    const files = staticFiles();
    app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  }
  // Only the answers made per request are compressed here; built files carry their own copies.
  app.use('/api', compression());
  app.use(cookieParser());

  const trpcWithLimit = (maxBodySize: number) =>
    createExpressMiddleware({
      router: appRouter,
      maxBodySize,
      createContext: ({ req, res }) => createContext(services, req, res),
      onError: ({ error, path }) => {
        if (isServerFailure(error)) log.error('tRPC procedure failed', { path, error: String(error.cause ?? error) });
      },
    });
  // The enquiry forms are the largest JSON bodies; anything bigger is refused with 413. A photo's
  // upload may be larger, and is read no further than its own limit; so is the site content.
  const trpcCalls = trpcWithLimit(enquiryBodyLimits.json);
  const photoUploads = trpcWithLimit(PHOTO_MAX_BYTES);
  const contentCalls = trpcWithLimit(CONTENT_BODY_MAX_BYTES);
  const documentUploads = trpcWithLimit(PARENT_DOCUMENT_MAX_BYTES);
  const callsAt = (path: string) =>
    path === '/photos.upload'
      ? photoUploads
      : path === '/parents.uploadDocumentFile'
        ? documentUploads
        : contentBodyPaths.includes(path)
          ? contentCalls
          : trpcCalls;
  app.use('/api/trpc', uncompressedBodiesOnly(), (req, res, next) => callsAt(req.path)(req, res, next));

  app.use('/api/admin', adminRest(services));

  app.use('/api', enquiryRest(services));
  app.use(parentsRest(services));
  app.use(
    '/api',
    openApi(config, () => services.now()),
  );

  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  app.use(['/sitemap.xml', '/robots.txt'], compression());
  app.use(seoFiles(config.publicUrl, () => services.sitePublisher.pages.posts()));
  app.use(visitBooking(services));
  if (servePages) app.use(prerenderedPages(services.sitePublisher.pages));

  const handleError: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const refusal = requestRefusal(error);
    if (refusal) {
      log.info('Request refused', { path: req.path, status: refusal.status, reason: String(error) });
      res.status(refusal.status).type('text/plain').send(refusal.message);
      return;
    }
    log.error('Request failed', { path: req.path, error: String(error) });
    res.status(500).type('text/plain').send(publicMessages.failed);
  };
  app.use(handleError);
  return app;
}

/**
 * What the HTTP server runs: pages at their own address and hashed assets straight from memory
 * (modules/content/builtFiles.ts), everything else through the Express application.
 */
export function createRequestListener(services: Services, options: AppOptions = {}): RequestListener {
  const app = createApp(services, options);
  const trust = app.get('trust proxy fn') as TrustProxyFn;
  const noticeProxy = unseenProxyNotice(services.config, services.log);
  const fromMemory =
    options.servePages === false
      ? () => false
      : builtFiles(
          services.config,
          trust,
          securityHeaderSets(services.config, siteStyles(true)),
          services.sitePublisher.pages,
        );
  return withRequestIds(app, requestIdTrust(services.config.trustProxy, trust), (req, res, requestId) => {
    // A warning about the set-up, not about this request: it needs no request id.
    noticeProxy(req);
    return fromMemory(req, res, requestId);
  });
}
