/**
 * What the owner's back office (sign-up, opening checklist, menu editor) says. Our own texts, in
 * Argentine voseo. Kept out of the contract so a screen can show them without loading zod.
 */
export const BACK_OFFICE_MESSAGES = {
  // sign-up
  signUpClosed: 'Por ahora no estamos abriendo tiendas nuevas. Escribinos si querés sumarte.',
  inviteRequired: 'Necesitás un código de invitación para abrir tu tienda.',
  inviteInvalid: 'El código de invitación no es válido o ya se usó.',
  aliasRequired: 'Elegí el link de tu tienda.',
  aliasFormat:
    'El link lleva de 3 a 40 letras minúsculas, números o guiones, sin guion al principio ni al final.',
  aliasReserved: 'Ese link está reservado. Probá con otro.',
  aliasTaken: 'Ese link ya está en uso. Probá con otro.',
  emailTaken: 'Ya hay una cuenta con ese e-mail. Iniciá sesión o usá otro.',
  businessNameRequired: 'Ingresá el nombre de tu negocio.',
  shopNameRequired: 'Ingresá el nombre del local.',
  ownerNameRequired: 'Ingresá tu nombre.',
  emailInvalid: 'Ingresá un e-mail válido.',
  passwordTooShort: 'La contraseña necesita al menos 10 caracteres.',
  countryUnknown: 'Elegí un país de la lista.',
  whatsAppInvalid: 'Ingresá un número de WhatsApp válido para el país elegido.',
  streetRequired: 'Ingresá la calle del local.',
  numberRequired: 'Ingresá el número (o s/n si no tiene).',
  locationRequired: 'Marcá el local en el mapa.',
  // opening checklist
  checklistMenu: 'Publicá un menú con al menos un plato visible',
  checklistHours: 'Cargá tus horarios de atención',
  checklistMode: 'Activá al menos una forma de pedido (retiro, mesa o mostrador)',
  checklistPayment: 'Elegí al menos un medio de pago',
  cannotOpenYet: 'Todavía no podés abrir la tienda. Te falta: {missing}.',
  ownersOnly: 'Solo el dueño del local puede cambiar esto.',
  hoursOverlap: 'Los horarios del {day} se superponen. Revisá los rangos.',
  hoursEmptyRange: 'Un horario del {day} empieza y termina a la misma hora.',
  deliveryNeedsZone: 'Para ofrecer delivery, primero cargá tu zona de envío.',
  // hours per order mode
  modeNoWayToOrder: 'Elegí al menos una forma de pedir: para ahora o programado.',
  modeNowHoursRequired: 'Cargá al menos un horario para pedir ahora.',
  modeScheduledHoursRequired: 'Cargá al menos un horario para pedidos programados.',
  modeLeadRange: 'La anticipación va de 0 a 48 horas.',
  modeSlotLength: 'Elegí turnos de 5 a 120 minutos.',
  modeDaysAheadRange: 'Se puede programar de 1 a 30 días.',
  // menu editor
  draftChangedMeanwhile:
    'Otra persona cambió el menú mientras editabas. Recargá para ver sus cambios antes de guardar.',
  draftNothingToPublish: 'No hay cambios para publicar.',
  draftInvalid: 'Revisá el menú: hay datos que faltan o no son válidos.',
  nameRequired: 'Ingresá un nombre.',
  priceInvalid: 'Ingresá un precio válido (0 o más).',
  keyRepeated: 'Hay dos elementos con la misma clave ({key}).',
  plateUnknown: 'El plato {key} no existe en el menú.',
  categoryUnknown: 'La categoría {key} no existe en este menú.',
  indicatorUnknown: 'El indicador {key} no existe.',
  groupMinAboveMax: 'El mínimo del grupo {group} es mayor que su máximo.',
  groupMaxAboveOptions: 'El grupo {group} pide más opciones de las que ofrece.',
  groupMandatoryWithoutMin: 'El grupo obligatorio {group} necesita un mínimo de al menos 1.',
  sizeRepeated: 'El plato {plate} repite el tamaño {size}.',
  discountPercentage: 'El descuento {name} necesita un porcentaje entre 1 y 100.',
  discountFixed: 'El descuento {name} necesita un monto fijo mayor que 0.',
  discountMultiple: 'El descuento {name} necesita "lleva" mayor que "paga" (por ejemplo, 2x1).',
  discountFinalPrice: 'El descuento {name} necesita un precio final mayor o igual que 0.',
  discountWithoutPlates: 'El descuento {name} no tiene platos.',
  menuRequired: 'La tienda necesita al menos un menú.',
  menuInUse: 'El menú {menu} lo usa la forma de pedido {mode}: no se puede borrar.',
  plateInCode: 'El plato {plate} lo usa el código de descuento {code}: cambiá el código antes de borrarlo.',
  imageUrlInvalid: 'La foto del plato {plate} no tiene una dirección válida.',
} as const;

/** Fills `{name}` placeholders of a message. */
export function fillMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
