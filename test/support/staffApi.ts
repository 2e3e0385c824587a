import { loginCookie, postJson } from './testLogin';
import type { TestServer } from './testServer';

/** The dashboard's tRPC calls over real HTTP with a staff session (superjson envelope), signed in at the server's clock. */
export async function signedInStaffApi(server: TestServer, password?: string) {
  const cookie = await loginCookie(server.url, password);
  return {
    cookie,
    async query<T>(procedure: string, input?: unknown): Promise<T> {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
      const response = await fetch(`${server.url}/api/trpc/${procedure}${query}`, { headers: { cookie } });
      const body = await response.json();
      if (!response.ok) throw new Error(`${procedure}: ${response.status} ${JSON.stringify(body)}`);
      return body.result.data.json as T;
    },
    async mutate<T>(procedure: string, input: unknown): Promise<{ status: number; data: T }> {
      const response = await postJson(`${server.url}/api/trpc/${procedure}`, { json: input }, { cookie });
      const body = await response.json();
      return { status: response.status, data: (body.result?.data.json ?? body.error?.json) as T };
    },
  };
}
