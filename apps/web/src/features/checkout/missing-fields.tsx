import type { CheckoutField } from '@comanda/core';

/** How the list beside 'Realizar pedido' names each field (the page's own labels, in lower case). */
const FIELD_NAMES: Record<CheckoutField, string> = {
  name: 'nombre',
  phone: 'teléfono',
  email: 'email',
  document: 'documento',
  table: 'número de mesa',
  address: 'dirección de entrega',
  schedule: 'horario',
  payment: 'forma de pago',
  paysWith: 'con cuánto abonás',
};

/**
 * After a refused 'Realizar pedido': every field still missing, at once and in the page's order
 * ('Para realizar el pedido, revisá: nombre, teléfono y dirección de entrega.'). Loaded after the
 * first touch (checkout-lazy.tsx): the first screen carries none of it.
 */
export function MissingFields({ fields }: { fields: CheckoutField[] }) {
  const names = new Intl.ListFormat('es').format(fields.map((field) => FIELD_NAMES[field]));
  return (
    <p className="checkout-alert checkout-missing" role="alert">
      Para realizar el pedido, revisá: {names}.
    </p>
  );
}
