/** `/console/pedidos` (issue 27): placeholder until the page lands. */
import { type BackOfficePageProps, OwnerShell } from '../back-office/owner-shell.tsx';

export function HistoryPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/pedidos" title="Historial de pedidos">
      {() => null}
    </OwnerShell>
  );
}
