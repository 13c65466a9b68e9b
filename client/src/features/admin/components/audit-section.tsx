import { AuditLog } from './audit-log';
import { BlockForm } from './block-form';

export function AuditSection() {
  return (
    <>
      <BlockForm />
      <AuditLog />
    </>
  );
}
