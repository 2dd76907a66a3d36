/** `/console/envios` (issue 27): placeholder until the page lands. */
import { type BackOfficePageProps, OwnerShell } from '../back-office/owner-shell.tsx';

export function DeliveryPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/envios" title="Envíos">
      {() => null}
    </OwnerShell>
  );
}
