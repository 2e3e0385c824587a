import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { mustMoveToHttps, type TrustProxyFn } from '#server/platform/httpsRedirect.ts';
import { acceptsCoding, isFresh } from '#server/platform/precompressed.ts';

/**
 * Built files are sent before Express sees the request (builtFiles.ts), so the server reads
 * Accept-Encoding, If-None-Match and X-Forwarded-Proto itself. Here a real Express server answers
 * each request with what Express makes of it and what the server's own reading makes of it.
 */
const etag = '"abc123-br"';
type Readings = { br: boolean; gzip: boolean; fresh: boolean; toHttps: boolean };

function startReader(trustProxy: string): Promise<{ server: Server; url: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://www.school.example',
    TRUST_PROXY: trustProxy,
    DATA_DIR: '/nonexistent',
  });
  const mustMove = mustMoveToHttps(config);
  const app = express();
  app.set('trust proxy', config.trustProxy);
  app.get('/', (req, res) => {
    res.setHeader('ETag', etag);
    const accepted = req.headers['accept-encoding'];
    // The redirect rule as it read with Express's req.protocol, before built files moved ahead of Express.
    const redirectActive = config.trustProxy !== false && config.trustProxy !== 0;
    const express: Readings = {
      br: req.acceptsEncodings('br') === 'br',
      gzip: req.acceptsEncodings('gzip') === 'gzip',
      fresh: req.fresh,
      toHttps: redirectActive && req.protocol === 'http' && req.get('x-forwarded-proto') !== undefined,
    };
    const own: Readings = {
      br: acceptsCoding(accepted, 'br'),
      gzip: acceptsCoding(accepted, 'gzip'),
      fresh: isFresh(req, etag),
      toHttps: mustMove(req, app.get('trust proxy fn') as TrustProxyFn),
    };
    // Not res.json: it would answer a fresh request with an empty 304.
    res.type('json').end(JSON.stringify({ express, own }));
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    );
  });
}

/** node:http sends exactly these headers (fetch would add its own Accept-Encoding and Cache-Control). */
function read(url: string, headers: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(JSON.parse(body) as unknown));
      })
      .on('error', reject);
  });
}

const requests: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'gzip, deflate, br' },
  { 'accept-encoding': 'gzip, deflate, br, zstd' },
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'identity' },
  { 'accept-encoding': 'br;q=0, gzip' },
  { 'accept-encoding': 'BR;q=0.5' },
  { 'accept-encoding': '*' },
  { 'accept-encoding': '*;q=0' },
  { 'accept-encoding': 'br;q=0, *' },
  { 'accept-encoding': 'gzip;q=0, *;q=0.1' },
  { 'accept-encoding': 'br;q=nonsense, gzip;q=0.001' },
  { 'accept-encoding': '' },
  { 'if-none-match': etag },
  { 'if-none-match': `W/${etag}` },
  { 'if-none-match': '"other", "abc123-br"' },
  { 'if-none-match': '"abc123"' },
  { 'if-none-match': '"other" "abc123-br"' },
  { 'if-none-match': ' "other" ,  "abc123-br"  ' },
  { 'if-none-match': '\t"abc123-br"' },
  { 'if-none-match': '*' },
  { 'if-none-match': ' *' },
  { 'if-none-match': etag, 'cache-control': 'no-cache' },
  { 'if-none-match': etag, 'cache-control': 'max-age=0' },
  { 'if-none-match': etag, 'if-modified-since': 'Tue, 24 Nov 2026 06:00:00 GMT' },
  { 'if-modified-since': 'Tue, 24 Nov 2026 06:00:00 GMT' },
  { 'x-forwarded-proto': 'http' },
  { 'x-forwarded-proto': 'https' },
  { 'x-forwarded-proto': 'http, https' },
  { 'x-forwarded-proto': ' https , http' },
  { 'x-forwarded-proto': '' },
];

describe.each(['1', 'false', '10.0.0.0/8'])(
  'with TRUST_PROXY=%s, requests are read as Express reads them',
  (trustProxy) => {
    let reader: { server: Server; url: string };
    beforeAll(async () => {
      reader = await startReader(trustProxy);
    });
    afterAll(() => new Promise<void>((resolve) => reader.server.close(() => resolve())));

    it.each(requests)('%j', async (headers) => {
      const { express, own } = (await read(reader.url, headers)) as { express: Readings; own: Readings };
      expect(own).toEqual(express);
    });

    it('tells some requests apart (the table is not all one answer)', async () => {
      const answers = await Promise.all(
        requests.map(async (headers) => JSON.stringify(await read(reader.url, headers))),
      );
      expect(new Set(answers).size).toBeGreaterThan(4);
    });
  },
);
