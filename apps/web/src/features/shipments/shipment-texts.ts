/**
 * The riders' screen texts the spec does not quote (its own texts come from MESSAGES in core). Kept
 * together so a copy review finds them in one place.
 */
export const SHIPMENT_TEXTS = {
  inProgressTitle: 'Tu envío en curso',
  availableTitle: 'Envíos disponibles',
  newJob: 'Nuevo envío disponible',
  order: (code: string) => `Pedido ${code}`,
  pickUp: 'Retiro',
  dropOff: 'Entrega',
  route: 'Recorrido',
  deliveries: 'Entregas',
  toCollect: 'A cobrar',
  paysWith: 'Paga con',
  prepaid: 'Pagado',
  items: (count: number) => (count === 1 ? '1 producto' : `${count} productos`),
  drops: (count: number) => `${count} entregas`,
  call: (name: string) => `Llamar a ${name}`,
  seeOnMapOf: (letter: string, address: string) => `Ver en mapa: ${letter}, ${address}`,
  cancelShipment: 'Cancelar envío',
  cancelTitle: '¿Cancelar este envío?',
  cancelBody: 'Dejarás de tenerlo asignado y el local podrá dárselo a otro repartidor.',
  openShipment: (letters: string) => `Ver envío ${letters}`,
  cannotDeliver: 'No pude entregar',
  cannotDeliverTitle: 'No pude entregar el pedido',
  whichUndelivered: '¿Qué pedido no pudiste entregar?',
  reasonLegend: '¿Qué pasó?',
  otherReason: 'Otro motivo',
  otherReasonLabel: 'Contanos qué pasó',
  backToShop: 'Volver al local con el pedido',
  /** the way back's step when the server sends no label for it */
  backToShopStep: 'Regreso al local',
  returnReason: (reason: string | null) =>
    reason ? `No se pudo entregar: ${reason}` : 'No se pudo entregar',
} as const;
