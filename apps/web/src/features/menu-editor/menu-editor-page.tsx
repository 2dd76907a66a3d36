import { type BackOfficePageProps, OwnerShell } from '../back-office/owner-shell.tsx';

/** `/console/menu`: the owner's menu editor (its screen lands in the next commit). */
export function MenuEditorPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/menu" title="Menú">
      {() => <p>El editor del menú llega en la próxima versión.</p>}
    </OwnerShell>
  );
}
