import { groupThousands } from './number-format.ts';

/**
 * Every Spanish text the specs quote, copied to the letter, accents and slips included (the spec writes
 * 'valido', 'Informacion', 'mas tarde' in places, and both spellings exist where it uses both).
 * Screens, server answers and tests read from here, so a wording changes in one place.
 */
export const MESSAGES = {
  // Branch selection, header and menu
  searchBranch: 'Buscar Local',
  closed: 'Cerrado',
  seeOpeningHours: 'Ver horarios',
  highlighted: 'Lo más destacado',
  menuInformativeOnly: 'Menú informativo. Pedidos deshabilitados.',
  workingHoursTitle: 'Informacion',
  itemAddedToOrder: 'Ítem agregado al pedido!',
  cancel: 'Cancelar',
  continue: 'Continuar',

  // Closed shop: banner and once-per-session modal
  closedBanner: 'Local cerrado.',
  closedScheduleBanner: 'Local cerrado, programa tu pedido.',
  closedShopTitle: 'Local cerrado',
  closedShopBody:
    'El local está cerrado y no es posible realizar pedidos. Intenta nuevamente dentro del horario de apertura.',
  scheduleOrderTitle: 'Programa tu pedido',
  scheduleOrderBody: 'Programa tu pedido para más adelante. En este momento el local está cerrado.',

  // Cart and checkout
  seeMyOrder: 'Ver mi pedido',
  myOrderTitle: 'Mi pedido',
  checkoutTitle: 'Confirmación del pedido',
  upsellTitle: 'Te recomendamos',
  addMoreProducts: 'Agregar más productos',
  backToMenu: 'Volver al Menú',
  placeOrder: 'Realizar pedido',
  pay: 'Pagar',
  serviceFee: 'Tasa de Servicio',
  serviceFeeWaived: '(Bonificada)',
  sumForFreeDeliveryInProducts: (amount: string) => `Suma ${amount} en productos para tener envío gratis`,
  sumToReachMinimum: (amount: string) => `Suma ${amount} para llegar al mínimo`,
  freeDeliveryReached: '¡Tienes envío gratis!',
  minimumReached: '¡Llegaste al mínimo!',
  orderInProgress: 'PEDIDO EN CURSO',

  // Scheduling
  scheduleNow: 'En el momento',
  scheduleLater: 'Programado',
  scheduleLoading: 'Estamos calculando los horarios del local, aguarde unos momentos.',
  scheduleRequired: 'Seleccione un horario de programación del pedido',

  // Checkout validation
  phoneRequired: 'Debe ingresar su número de teléfono para continuar.',
  nameRequired: 'Debe ingresar su nombre para poder realizar el pedido.',
  phoneInvalid: 'Debe ingresar un número de teléfono válido para continuar.',
  tableRequired: 'Debe ingresar número de mesa para poder realizar el pedido.',
  emailRequired: 'Debe ingresar su email para poder realizar el pedido',
  emailInvalid: 'Ingrese un email valido',
  documentInvalid: 'Ingrese un documento valido',
  paysWithRequired: 'Debe ingresar con cuanto abona para poder realizar el pedido.',
  paysWithBelowPrice: 'El monto con el cual abonará no puede ser menor al precio del pedido.',
  addressRequired: 'Debe ingresar dirección para poder realizar el pedido.',
  betweenStreetsRequired: 'Debe ingresar entrecalles para poder realizar el pedido.',
  minimumOrder: (min: string) => `El precio del pedido debe ser mayor a ${min}`,
  noRidersInZone: 'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
  addressOutsideDeliveryZone: 'Tu dirección no se encuentra dentro de la zona de entrega.',
  deliveryFeeLoading: 'Estamos calculando el costo de envío, aguarde unos momentos.',
  noCashRidersInZone:
    'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
  // Order placement answers of the server (not quoted by the spec)
  orderEmpty: 'Tu pedido no tiene productos.',
  itemUnavailable: (name: string) => `${name} ya no está disponible. Quitalo del pedido para continuar.`,
  paymentTypeUnavailable: 'El medio de pago elegido no está disponible para este pedido.',
  orderPriceChanged: 'Los precios de tu pedido cambiaron. Revisá el pedido y volvé a confirmarlo.',
  orderAlreadyPlaced: 'Este pedido ya fue enviado.',

  // Card payment
  fieldIncomplete: 'Este campo está incompleto',
  cardFieldsInvalid: 'Debe completar correctamente los campos de la tarjeta para continuar.',
  cardTokenFailed: 'Debe completar los campos de su tarjeta correctamente',
  followUpCardFieldsInvalid: 'Debe completar correctamente los campos de su tarjeta',

  // Discount code
  applyCode: 'Aplicar',
  applyingCode: 'Aplicando',
  paymentMethodFirst: 'Asegurese de haber elegido un medio de pago primero',
  codeNeedsCustomerData:
    'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
  codeUsageExpired: 'Tiempo de aplicacion del descuento vencido',
  // the spec names these conditions without quoting a text: ours, in the catalogue's voice
  codeMinimumOrder: (min: string) => `Este código requiere un pedido mínimo de ${min} en productos.`,
  codeRequiresPlate: (plate: string) => `Este código requiere ${plate} en el pedido.`,
  codeRequiresCategory: (category: string) =>
    `Este código requiere un producto de la categoría ${category} en el pedido.`,
  codeOnlyForDelivery: 'Este código de envío gratis solo aplica a pedidos con envío.',
  codeDeliveryAlreadyFree: 'Tu pedido ya tiene envío gratis.',
  codeFirstOrderOnly: 'Este código es válido solo para tu primer pedido.',
  codeUsageLimitReached: 'Este código ya alcanzó su límite de usos.',
  loyaltyNoProgram: 'Este local no tiene un programa de puntos activo.',
  codeNotCombinableWithPoints: (program: string) =>
    `No es posible usar un código de descuento junto con ${program}.`,

  // Loyalty redemption: one message per limit, each naming the programme (texts not quoted by the spec)
  loyaltyPointsInvalid: (program: string) => `Ingresá una cantidad válida de ${program}.`,
  loyaltyProgramInactive: (program: string) => `${program} no está disponible en este momento.`,
  loyaltyAboveBalance: (program: string, balance: number) =>
    `No tenés suficientes ${program}: tu saldo es de ${groupThousands(balance)}.`,
  loyaltyAboveMaximum: (program: string, max: number) =>
    `Podés canjear como máximo ${groupThousands(max)} ${program} por pedido.`,
  loyaltyAbovePercentage: (program: string, percent: number) =>
    `Con ${program} podés pagar hasta el ${percent}% del pedido.`,
  loyaltyBelowMinimum: (program: string, min: number) =>
    `Tenés que canjear al menos ${groupThousands(min)} ${program}.`,

  // Address modal
  myAddressTab: 'Mi dirección',
  myLocationTab: 'Mi ubicación',
  addressLineRequired: 'Ingrese una dirección',
  betweenStreetsLineRequired: 'Ingrese un entrecalles',
  mandatoryFieldsMissing: 'Asegúrese de completar todos los campos obligatorios',
  addressMandatory: 'Debe ingresar la dirección',

  // Dish
  garnishCountInvalid: 'Revise que haya agregado la cantidad correcta de guarniciones',
  garnishGroupMaximumReached: 'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo',
  garnishMaximumExceeded: 'No se pueden agregar mas que el máximo',
  maxUnits: (max: number) => `Has alcanzado el máximo de unidades (${max}) para este producto`,

  // Storefront error catalogue
  orderPostFailed:
    'Hubo un error enviando el pedido, inténtelo en unos minutos, o comuníquese con el local si el error persiste.',
  orderTextOrLinkFailed:
    'Hubo un error generando el link de pago o el texto a enviar, inténtelo en unos minutos.',
  paymentUrlFailed: 'Error generando link de pago, inténtelo nuevamente más tarde.',
  bankPaymentCallbackFailed:
    'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.',
  orderDetailsUpdateFailed: 'Hubo un error actualizando el pedido',
  discountCodeNotFound: 'No se encontró ningún descuento con el código ingresado.',
  cardPaymentFailed: 'Hubo un error procesando su pago, vuelva a intentarlo en unos momentos',
  geolocationFailed: 'Error obteniendo coordenadas',
  outsideDeliveryZone: 'Tu dirección está fuera de la zona de entrega.',
  switchToTakeAwayOrOtherAddress: (takeAwayName: string) =>
    `Cambia a ${takeAwayName} o ingresa otra dirección.`,
  enterOtherAddress: 'Ingresa otra dirección.',
  // the catalogue writes 'mas' without the accent here, unlike the checkout check above
  noRidersAvailable: 'En este momento no contamos con repartidores en la zona. Vuelva a intentar mas tarde',
  loginRequired: 'Inicie sesión',

  // Sign-in, my orders, loyalty
  signIn: 'Iniciar sesión',
  myOrders: 'Mis pedidos',
  myLoyaltyProgram: (programName: string) => `Mis ${programName}`,
  multiDelivery: 'Multientrega',
  signInInvalidPhone: 'Debe ingresar un número válido',
  signInSucceeded: 'Inicio de sesión con éxito',
  signInFailed: 'Error iniciando sesión',
  phoneNumberInvalid: 'El número de teléfono es invalido',
  allFieldsRequired: 'Debe completar todos los campos para continuar',
  loyaltyRewardAlreadyClaimed: 'Ya ha canjeado este premio',
  loyaltyRewardClaimFailed: 'Hubo un error validando sus datos, inténtelo en unos momentos',

  // Order follow-up and survey
  paymentTimeExpired: 'Tiempo de pago vencido, vuelva a generar el pedido',
  surveyTitle: 'Califica tu pedido',
  surveySubmit: 'Calificar mi pedido',
  /** The follow-up's link to the survey (the same words as the survey's button). */
  rateOrder: 'Calificar mi pedido',
  mandatoryQuestion: (title: string) => `La pregunta ${title} es obligatoria`,

  // Guide
  enterLocation: 'Ingresar Ubicación',

  // Riders and shipments
  accessDenied: 'Acceso denegado o link expirado',
  shipmentsTitle: 'Envíos',
  noShipments: 'No hay envíos para entregar',
  seeOnMap: 'Ver en mapa',
  recipient: 'Recibe',
  seeShipments: 'Ver envíos',
  refresh: 'Actualizar',
  ridersTitle: 'Repartidores',
  riderPhoneLabel: 'Ingresa con tu teléfono',
  riderPhonePlaceholder: '9 11 2345-6789',
  next: 'Siguiente',
  confirmPhoneLabel: 'Confirma tu teléfono',
  fullNameLabel: 'Nombre y Apellido',
  securityCodeLabel: 'Código de seguridad',
  startShift: 'Iniciar turno',
  endShift: 'Finalizar turno',
  helloRider: (name: string) => `¡Hola ${name}!`,
  shiftStarted: 'Turno iniciado con éxito',
  shiftEnded: 'Turno finalizado con éxito',
  phonesDoNotMatch: 'Los números de teléfono no coinciden',
  noShipmentPermission: 'No tienes permisos para ver los envíos',
  shipmentsFetchFailed: 'Hubo un error buscando los envíos, vuelva a intentarlo en unos minutos',
  shipmentFetchFailed: 'Hubo un error buscando el envío...',
  shipmentUpdateFailed: 'Hubo un error pasando el envío de estado...',
  genericRetry: 'Hubo un error, vuélvalo a intentar en unos minutos',
  securityCodeWrong: 'El código de seguridad es erróneo',
  sliderAcceptShipment: 'Aceptar envío',
  sliderAtStore: 'En el local',
  sliderOnRouteToCustomer: 'En camino al cliente',
  sliderDelivered: 'Entregado',
  sliderBackToStore: 'Regreso al local',

  // Public tracking
  estimatedDelivery: (time: string) => `Entrega estimada: ${time} hs`,
  deliveryCodeTitle: 'Clave de entrega',
  deliveryCodeNote: 'El repartidor te solicitará esta clave al entregar el pedido',
  shareCode: (code: string) => `Comparte la clave ${code}`,
  shareCodeBody:
    'El repartidor confirmará la entrega del pedido con la clave de entrega. ¡Espera a recibir el pedido para compartirla!',
  noRider: 'Sin repartidor',

  // Texts the spec quotes for logs only, never shown to a diner
  logMissingCampaignId: 'No tenemos campaignId!',
  logCartNotFound: 'Cart not found',
  logRefreshFailed: 'Error al refrescar los datos:',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * The server's answers to a rider's own calls (not quoted by the spec). Apart from MESSAGES, which
 * every storefront screen loads, so the menu's first JS does not carry them.
 */
export const RIDER_MESSAGES = {
  sessionInvalid: 'Tu sesión de repartidor no es válida o venció. Volvé a iniciar turno.',
  offShift: 'Iniciá tu turno para compartir tu ubicación.',
  locationInvalid: 'La ubicación enviada no es válida.',
  latitudeInvalid: 'La latitud no es válida.',
  longitudeInvalid: 'La longitud no es válida.',
} as const;
