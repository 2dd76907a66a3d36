import { IconStore } from '../../ui/icons.tsx';
import './status-screen.css';

/** /menu without an alias: diners arrive through their shop's link. */
export function Landing() {
  return (
    <section className="status-screen page" aria-labelledby="landing-title">
      <span className="status-screen__icon">
        <IconStore size={32} />
      </span>
      <h1 id="landing-title" className="status-screen__title">
        Pedí online a tu local favorito
      </h1>
      <p className="status-screen__body">
        Abrí el enlace que te compartió el local para ver su menú y hacer tu pedido.
      </p>
    </section>
  );
}
