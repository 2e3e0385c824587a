import type express from 'express';

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/**
 * Every "METHOD path" an Express router answers, the routers it mounts included: /api/admin mounts
 * each module's REST adapters at its own root, so their paths are the router's own.
 */
export function routesOf(router: express.Router): string[] {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap(({ route, handle }) =>
      route
        ? Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${route.path}`)
        : walk(handle?.stack ?? []),
    );
  return walk((router as unknown as { stack: Layer[] }).stack);
}
