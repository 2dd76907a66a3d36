import { useLocation, useParams } from 'react-router';
import { StatusScreen } from './status-screen.tsx';

/** Cart preview, checkout and order follow-up arrive in later issues. */
export function ComingSoon() {
  const { alias } = useParams();
  const { search } = useLocation();
  return (
    <StatusScreen
      kind="comingSoon"
      link={alias ? { to: `/menu/${alias}${search}`, label: 'Volver al local' } : undefined}
    />
  );
}
