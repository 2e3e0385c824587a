import { AdminApp } from '#client/features/admin/AdminApp.tsx';

/** /admin: rendered in the browser only (never prerendered); the one importer of the dashboard code. */
export default function AdminPage() {
  return <AdminApp />;
}
