import { auditListQuerySchema } from '../../shared/staff/auditTrail';
import { listAuditEvents } from '../storage/auditTrail';
import { listStaffAccounts } from '../storage/staffAccounts';
import { router, staffProcedureWith } from '../trpc';

/** Staff accounts and the activity log: the Owner's (issue 10). */
const staffAdminProcedure = staffProcedureWith('staff');

export const staffRouter = router({
  /** Every account, active first: who they are and their role, never a password hash. */
  accounts: staffAdminProcedure.query(async ({ ctx }) =>
    (await listStaffAccounts(ctx.services.storage.db)).map(({ id, email, name, role, disabledAt, createdAt }) => ({ id, email, name, role, disabledAt, createdAt })),
  ),

  /** One page of the audit trail, newest first, by person, action and date. Reading it is not itself recorded. */
  activity: staffAdminProcedure.input(auditListQuerySchema).query(({ ctx, input }) => listAuditEvents(ctx.services.storage.db, input)),
});
