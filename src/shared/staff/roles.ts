/**
 * Who may do what on the staff side (issue 10): each account has one role, and each procedure
 * and REST path asks for one permission. The server checks it on every call; the dashboard reads
 * the same table only to leave out what the person cannot use.
 */
export const staffRoles = ['owner', 'office', 'editor'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const roleLabels: Record<StaffRole, string> = { owner: 'Owner', office: 'Office', editor: 'Editor' };

/** What each role is for, as the staff page explains it. */
export const roleDescriptions: Record<StaffRole, string> = {
  owner: 'Everything, including staff accounts, the activity log and parents’ data requests',
  office: 'Enquiries: read, update and export',
  editor: 'Site content',
};

export const permissionRoles = {
  /** Read, update and export enquiries; the Spam folder; undelivered emails; the retention notice. */
  enquiries: ['owner', 'office'],
  /** Find, download and erase everything held about one person (a parent's request). */
  personalData: ['owner'],
  /** Staff accounts and the activity log. */
  staff: ['owner'],
  /** The Parents' Corner: families, their invitations, notices and who read them. */
  parents: ['owner', 'office'],
  /** The site's content, when staff can edit it. */
  content: ['owner', 'editor'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof permissionRoles;

export function roleAllows(role: StaffRole, permission: Permission): boolean {
  return (permissionRoles[permission] as readonly StaffRole[]).includes(role);
}

export const staffAccessMessages = {
  forbidden: 'Your account cannot do this. Ask the school’s Owner if you need it.',
} as const;
