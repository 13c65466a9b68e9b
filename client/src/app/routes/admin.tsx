import { AdminConsole } from '@client/features/admin';

export function AdminPage() {
  return <AdminConsole />;
}
