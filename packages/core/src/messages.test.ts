import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

// Every plain (placeholder-free) Spanish text the two specs quote, pasted from the spec files.
const SPEC_TEXTS = [
  '(Bonificada)',
  'Acceso denegado o link expirado',
  'Aceptar envío',
  'Actualizar',
  'Agregar más productos',
  'Aplicando',
  'Aplicar',
  'Asegurese de haber elegido un medio de pago primero',
  'Asegúrese de completar todos los campos obligatorios',
  'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
  'Buscar Local',
  'Califica tu pedido',
  'Calificar mi pedido',
  'Cart not found',
  'Cerrado',
  'Clave de entrega',
  'Confirma tu teléfono',
  'Confirmación del pedido',
  'Continuar',
  'Código de seguridad',
  'Debe completar correctamente los campos de la tarjeta para continuar.',
  'Debe completar correctamente los campos de su tarjeta',
  'Debe completar los campos de su tarjeta correctamente',
  'Debe completar todos los campos para continuar',
  'Debe ingresar con cuanto abona para poder realizar el pedido.',
  'Debe ingresar dirección para poder realizar el pedido.',
  'Debe ingresar entrecalles para poder realizar el pedido.',
  'Debe ingresar la dirección',
  'Debe ingresar número de mesa para poder realizar el pedido.',
  'Debe ingresar su email para poder realizar el pedido',
  'Debe ingresar su nombre para poder realizar el pedido.',
  'Debe ingresar su número de teléfono para continuar.',
  'Debe ingresar un número de teléfono válido para continuar.',
  'Debe ingresar un número válido',
  'El código de seguridad es erróneo',
  'El local está cerrado y no es posible realizar pedidos. Intenta nuevamente dentro del horario de apertura.',
  'El monto con el cual abonará no puede ser menor al precio del pedido.',
  'El número de teléfono es invalido',
  'El repartidor confirmará la entrega del pedido con la clave de entrega. ¡Espera a recibir el pedido para compartirla!',
  'El repartidor te solicitará esta clave al entregar el pedido',
  'En camino al cliente',
  'En el local',
  'En el momento',
  'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
  'En este momento no contamos con repartidores en la zona. Vuelva a intentar mas tarde',
  'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
  'Entregado',
  'Envíos',
  'Error al refrescar los datos:',
  'Error generando link de pago, inténtelo nuevamente más tarde.',
  'Error iniciando sesión',
  'Error obteniendo coordenadas',
  'Estamos calculando el costo de envío, aguarde unos momentos.',
  'Estamos calculando los horarios del local, aguarde unos momentos.',
  'Este campo está incompleto',
  'Finalizar turno',
  'Hubo un error actualizando el pedido',
  'Hubo un error buscando el envío...',
  'Hubo un error buscando los envíos, vuelva a intentarlo en unos minutos',
  'Hubo un error enviando el pedido, inténtelo en unos minutos, o comuníquese con el local si el error persiste.',
  'Hubo un error generando el link de pago o el texto a enviar, inténtelo en unos minutos.',
  'Hubo un error pasando el envío de estado...',
  'Hubo un error procesando su pago, vuelva a intentarlo en unos momentos',
  'Hubo un error validando sus datos, inténtelo en unos momentos',
  'Hubo un error, vuélvalo a intentar en unos minutos',
  'Ingresa con tu teléfono',
  'Ingresa otra dirección.',
  'Ingresar Ubicación',
  'Ingrese un documento valido',
  'Ingrese un email valido',
  'Ingrese un entrecalles',
  'Ingrese una dirección',
  'Iniciar sesión',
  'Iniciar turno',
  'Inicie sesión',
  'Inicio de sesión con éxito',
  'Lo más destacado',
  'Local cerrado',
  'Local cerrado, programa tu pedido.',
  'Local cerrado.',
  'Los números de teléfono no coinciden',
  'Menú informativo. Pedidos deshabilitados.',
  'Mi dirección',
  'Mi pedido',
  'Mi ubicación',
  'Mis pedidos',
  'Multientrega',
  'No hay envíos para entregar',
  'No se encontró ningún descuento con el código ingresado.',
  'No se pueden agregar mas que el máximo',
  'No tenemos campaignId!',
  'No tienes permisos para ver los envíos',
  'Nombre y Apellido',
  'PEDIDO EN CURSO',
  'Pagar',
  'Programa tu pedido para más adelante. En este momento el local está cerrado.',
  'Programa tu pedido',
  'Programado',
  'Realizar pedido',
  'Recibe',
  'Regreso al local',
  'Repartidores',
  'Revise que haya agregado la cantidad correcta de guarniciones',
  'Seleccione un horario de programación del pedido',
  'Siguiente',
  'Sin repartidor',
  'Tasa de Servicio',
  'Te recomendamos',
  'Tiempo de aplicacion del descuento vencido',
  'Tiempo de pago vencido, vuelva a generar el pedido',
  'Tu dirección está fuera de la zona de entrega.',
  'Tu dirección no se encuentra dentro de la zona de entrega.',
  'Turno finalizado con éxito',
  'Turno iniciado con éxito',
  'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.',
  'Ver en mapa',
  'Ver envíos',
  'Ver horarios',
  'Ver mi pedido',
  'Volver al Menú',
  'Ya ha canjeado este premio',
  'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo',
  '¡Llegaste al mínimo!',
  '¡Tienes envío gratis!',
  'Ítem agregado al pedido!',
  'Informacion',
  'Cancelar',
  '9 11 2345-6789',
];

const catalogueTexts = new Set<string>(Object.values(MESSAGES).filter((value) => typeof value === 'string'));

describe('message catalogue', () => {
  it.each(SPEC_TEXTS)('holds the spec text %j to the letter', (text) => {
    expect(catalogueTexts.has(text)).toBe(true);
  });

  it('keeps the validation and catalogue spellings of the no-riders message apart, as the spec does', () => {
    expect(MESSAGES.noRidersInZone).toBe(
      'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
    );
    expect(MESSAGES.noRidersAvailable).toBe(
      'En este momento no contamos con repartidores en la zona. Vuelva a intentar mas tarde',
    );
  });

  it('fills the placeholders of the texts that take values', () => {
    expect(MESSAGES.minimumOrder('$5.000')).toBe('El precio del pedido debe ser mayor a $5.000');
    expect(MESSAGES.maxUnits(3)).toBe('Has alcanzado el máximo de unidades (3) para este producto');
    expect(MESSAGES.shareCode('4821')).toBe('Comparte la clave 4821');
    expect(MESSAGES.helloRider('Ana')).toBe('¡Hola Ana!');
    expect(MESSAGES.mandatoryQuestion('Comida')).toBe('La pregunta Comida es obligatoria');
    expect(MESSAGES.myLoyaltyProgram('Puntos')).toBe('Mis Puntos');
    expect(MESSAGES.switchToTakeAwayOrOtherAddress('Retiro en local')).toBe(
      'Cambia a Retiro en local o ingresa otra dirección.',
    );
    expect(MESSAGES.sumForFreeDeliveryInProducts('$1.500')).toBe(
      'Suma $1.500 en productos para tener envío gratis',
    );
    expect(MESSAGES.sumToReachMinimum('$800')).toBe('Suma $800 para llegar al mínimo');
    expect(MESSAGES.estimatedDelivery('21:30')).toBe('Entrega estimada: 21:30 hs');
  });

  it('renders the placeholder texts exactly as the spec writes them', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the spec writes this placeholder JavaScript-style
    expect(MESSAGES.minimumOrder('${min}')).toBe('El precio del pedido debe ser mayor a ${min}');
    expect(MESSAGES.shareCode('{code}')).toBe('Comparte la clave {code}');
    expect(MESSAGES.helloRider('{name}')).toBe('¡Hola {name}!');
    expect(MESSAGES.mandatoryQuestion('{title}')).toBe('La pregunta {title} es obligatoria');
    expect(MESSAGES.myLoyaltyProgram('{program name}')).toBe('Mis {program name}');
    expect(MESSAGES.switchToTakeAwayOrOtherAddress('{take-away name}')).toBe(
      'Cambia a {take-away name} o ingresa otra dirección.',
    );
    expect(MESSAGES.sumForFreeDeliveryInProducts('{amount}')).toBe(
      'Suma {amount} en productos para tener envío gratis',
    );
    expect(MESSAGES.sumToReachMinimum('X')).toBe('Suma X para llegar al mínimo');
  });
});
