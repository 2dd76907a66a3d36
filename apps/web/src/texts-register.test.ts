/**
 * One register for our own texts (issue 17): Argentine Spanish with voseo ('Revisá', 'podés', 'Elegí')
 * and 'tu' possessives, as diners read in the apps they already use. The spec's texts are the contract
 * and stay to the letter even where the spec itself says 'Ingrese' or 'aguarde': those are listed below.
 * The check reads every string literal of the web app, core and the server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = ['apps/web/src', 'packages/core/src', 'apps/server/src'];

/** The spec's own texts in another register (storefront.md, post-order-and-logistics.md), kept as written. */
const SPEC_TEXTS = [
  'Asegúrese de completar todos los campos obligatorios',
  'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
  'Debe completar correctamente los campos de la tarjeta para continuar.',
  'Debe completar correctamente los campos de su tarjeta',
  'Debe completar los campos de su tarjeta correctamente',
  'Debe completar todos los campos para continuar',
  'El local está cerrado y no es posible realizar pedidos. Intenta nuevamente dentro del horario de apertura.',
  'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
  'En este momento no contamos con repartidores en la zona. Vuelva a intentar mas tarde',
  'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
  'Estamos calculando el costo de envío, aguarde unos momentos.',
  'Estamos calculando los horarios del local, aguarde unos momentos.',
  'Hubo un error buscando los envíos, vuelva a intentarlo en unos minutos',
  'Confirma tu teléfono',
  'Error generando link de pago, inténtelo nuevamente más tarde.',
  'Hubo un error enviando el pedido, inténtelo en unos minutos, o comuníquese con el local si el error persiste.',
  'Hubo un error generando el link de pago o el texto a enviar, inténtelo en unos minutos.',
  'Hubo un error procesando su pago, vuelva a intentarlo en unos momentos',
  'Hubo un error validando sus datos, inténtelo en unos momentos',
  'Ingresa con tu teléfono',
  'Ingresa otra dirección.',
  'Ingrese un documento valido',
  'Ingrese un email valido',
  'Ingrese un entrecalles',
  'Ingrese una dirección',
  'Inicie sesión',
  'No tienes permisos para ver los envíos',
  'Revise que haya agregado la cantidad correcta de guarniciones',
  'Seleccione un horario de programación del pedido',
  'Tiempo de pago vencido, vuelva a generar el pedido',
  'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.',
  '¡Tienes envío gratis!',
];

// usted ('Ingrese', 'aguarde') and tú ('puedes', 'Revisa') verb forms; the tú imperatives only where a
// sentence starts, since 'prueba', 'espera' or 'completa' are also nouns and adjectives
const USTED =
  /\b(ingrese|seleccione|intente|inténtelo|aguarde|verifique|elija|revise|vuelva|inicie|espere|asegúrese|contacte|comuníquese|abonará|desea)\b/i;
const TU_ANYWHERE = /\b(puedes|tienes|quieres|debes|necesitas|sabes|estás seguro)\b/i;
const TU_IMPERATIVE =
  /(^|[.!?¿¡:]\s+|^[¿¡])(Revisa|Intenta|Inténtalo|Vuelve|Espera|Prueba|Ingresa|Selecciona|Elige|Agrega|Escribe|Completa|Inicia|Haz|Verifica|Confirma|Toca|Busca|Pide|Quítalo|Comunícate)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Spanish-looking string literals ('…', "…", `…`) of a source file, template holes blanked. */
function spanishLiterals(source: string): string[] {
  const literals: string[] = [];
  for (const match of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const text = (match[2] ?? '').replace(/\$\{[^}]*\}/g, '…');
    // a user-facing text has a space or Spanish letters; identifiers, paths and class names have neither
    if (/\s/.test(text) && /[a-záéíóúñ]/i.test(text) && /^[¿¡A-ZÁÉÍÓÚÑ]/.test(text)) literals.push(text);
  }
  return literals;
}

function offenders(): string[] {
  const allowed = new Set(SPEC_TEXTS);
  return SOURCES.flatMap((dir) =>
    sourceFiles(join(ROOT, dir)).flatMap((file) =>
      spanishLiterals(readFileSync(file, 'utf8'))
        .filter((text) => !allowed.has(text))
        .filter((text) => USTED.test(text) || TU_ANYWHERE.test(text) || TU_IMPERATIVE.test(text))
        .map((text) => `${relative(ROOT, file)}: ${text}`),
    ),
  );
}

describe('our own texts', () => {
  it('speak to the diner, the shop and the rider with voseo (the spec’s texts aside)', () => {
    expect(offenders()).toEqual([]);
  });

  it('are caught in either other register', () => {
    expect(USTED.test('Vuelva a intentar en unos minutos.')).toBe(true);
    expect(TU_ANYWHERE.test('Todavía no tienes pedidos.')).toBe(true);
    expect(TU_IMPERATIVE.test('No encontramos este pedido. Revisa el link.')).toBe(true);
    expect(TU_IMPERATIVE.test('El código venció. Pide uno nuevo.')).toBe(true);
    expect(TU_IMPERATIVE.test('Modo de prueba')).toBe(false);
    expect(USTED.test('Revisá el enlace que recibiste.')).toBe(false);
  });
});
