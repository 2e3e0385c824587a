import { PARENT_LINK_FRAGMENT } from '#shared/parents/parentsCorner.ts';
import type { ReceivedMail, SmtpSink } from './smtpSink';
import type { signedInStaffApi } from './staffApi';
import { postJson } from './testLogin';
import type { TestServer } from './testServer';

export const PARENT_PASSWORD = 'mango trees by the well';

const linkIn = (mail: ReceivedMail) => {
  const match = new RegExp(`#${PARENT_LINK_FRAGMENT}([A-Za-z0-9_-]+)`).exec(mail.body);
  if (!match?.[1]) throw new Error('No link in the mail');
  return match[1];
};

/** A parents' procedure over real HTTP (superjson envelope), with a parent's cookie or none. */
export async function parentCall<T>(server: TestServer, procedure: string, input: unknown, cookie = '') {
  const response = await postJson(
    `${server.url}/api/trpc/parents.${procedure}`,
    { json: input },
    cookie ? { cookie } : {},
  );
  const body = await response.json();
  return { response, status: response.status, data: (body.result?.data.json ?? body.error?.json) as T };
}

/** A parent's view over real HTTP. */
export async function parentView<T>(server: TestServer, cookie: string): Promise<{ status: number; data: T }> {
  const response = await fetch(`${server.url}/api/trpc/parents.view`, { headers: { cookie } });
  const body = await response.json();
  return { status: response.status, data: (body.result?.data.json ?? body.error?.json) as T };
}

type StaffApi = Awaited<ReturnType<typeof signedInStaffApi>>;

/** The family every helper here adds: its first parent's name and phone, and the child's name. */
export const testFamily = { parentName: 'Lakshmi Raman', phone: '9840012345', childName: 'Anika Raman' };

/** The office adds a family with its first parent at `email` (invited by email, when mail is on). */
export async function addedFamily(staff: StaffApi, email: string, className: string): Promise<void> {
  const added = await staff.mutate('parents.addFamily', { ...testFamily, email, className, program: 'primary' });
  if (added.status !== 200) throw new Error(`addFamily: ${added.status}`);
}

/** The office adds a family; its parent accepts the invitation from the SMTP sink and signs in. Answers the parent's cookie. */
export async function invitedParent(
  { server, staff, sink }: { server: TestServer; staff: StaffApi; sink: SmtpSink },
  email: string,
  className: string,
): Promise<{ cookie: string; familyId: number }> {
  const before = sink.received.length;
  await addedFamily(staff, email, className);
  const [invitation] = (await sink.waitFor(before + 1)).slice(before);
  if (!invitation) throw new Error('No invitation');
  const token = linkIn(invitation);
  if ((await parentCall(server, 'choosePassword', { token, password: PARENT_PASSWORD })).status !== 200)
    throw new Error('The password was not chosen');
  const signedIn = await parentCall(server, 'signIn', { email, password: PARENT_PASSWORD, rememberMe: false });
  const cookie = signedIn.response.headers
    .getSetCookie()
    .find((value) => /^(__Host-)?parent_session=/.test(value))
    ?.split(';')[0];
  if (!cookie) throw new Error('No parent cookie');
  const families = await staff.query<{ familyId: number; guardians: { email: string }[] }[]>('parents.families');
  const family = families.find((row) => row.guardians.some((guardian) => guardian.email === email));
  if (!family) throw new Error('No family');
  return { cookie, familyId: family.familyId };
}
