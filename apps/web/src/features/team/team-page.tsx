/** `/console/equipo` (issue 27): placeholder until the page lands. */
import { type BackOfficePageProps, OwnerShell } from '../back-office/owner-shell.tsx';

export function TeamPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/equipo" title="Equipo">
      {() => null}
    </OwnerShell>
  );
}
