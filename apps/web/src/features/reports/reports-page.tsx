/** `/console/reportes` (issue 27): placeholder until the page lands. */
import { type BackOfficePageProps, OwnerShell } from '../back-office/owner-shell.tsx';

export function ReportsPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/reportes" title="Reportes">
      {() => null}
    </OwnerShell>
  );
}
