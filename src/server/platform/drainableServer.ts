import http from 'node:http';

/** How long an HTTP request may take to arrive. */
export type RequestTimeouts = {
  /** From a request's first byte to the end of its headers. */
  headersMs: number;
  /** From a request's first byte to the end of its body. */
  requestMs: number;
  /** How often Node looks for requests past those limits. */
  checkIntervalMs: number;
};

/**
 * Headers within 20 s and a whole request within 60 s, so slow clients cannot hold
 * connections open. Node checks only every 30 s by default, which would stretch the 20 s to
 * 50; every 2 s keeps it near 20 at the cost of a walk over the open connections.
 */
export const requestTimeouts: RequestTimeouts = { headersMs: 20_000, requestMs: 60_000, checkIntervalMs: 2_000 };

export type DrainableServer = {
  server: http.Server;
  /**
   * Stops the server without dropping a request it has received: no new connections; every
   * answer from now on says `Connection: close` and its connection closes after it; idle
   * connections close at once. Connections still open after `deadlineMs` are cut.
   */
  drain(deadlineMs: number): Promise<void>;
};

export function createDrainableServer(handler: http.RequestListener, timeouts: RequestTimeouts): DrainableServer {
  let draining = false;
  const answering = new Set<http.ServerResponse>();
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    (req, res) => {
      answering.add(res);
      res.once('close', () => {
        answering.delete(res);
        // An answer whose headers went out before the drain kept its connection: close it now it is idle.
        if (draining) server.closeIdleConnections();
      });
      if (draining) res.setHeader('Connection', 'close');
      handler(req, res);
    },
  );

  return {
    server,
    async drain(deadlineMs) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      server.closeIdleConnections();
      let deadline: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        deadline = setTimeout(() => resolve('timeout'), deadlineMs);
      });
      if ((await Promise.race([closed, timedOut])) === 'timeout') server.closeAllConnections();
      clearTimeout(deadline);
      await closed;
    },
  };
}
