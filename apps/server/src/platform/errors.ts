import type { FastifyInstance } from 'fastify';

/** The one error type the handlers throw; the error handler turns it into DESIGN.md's JSON shape. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly errors?: unknown[],
  ) {
    super(message);
  }
}

export const notFound = (message = 'No encontramos lo que buscás.') =>
  new AppError('NOT_FOUND', 404, message);
export const badRequest = (message: string, errors?: unknown[]) =>
  new AppError('BAD_REQUEST', 400, message, errors);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No existe la ruta ${request.method} ${request.url}.` });
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
      return;
    }
    const status = (error as { statusCode?: number }).statusCode;
    if ((error as { validation?: unknown }).validation || (status && status >= 400 && status < 500)) {
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
      const message =
        status === 413
          ? 'La solicitud es demasiado grande.'
          : status === 415
            ? 'El formato de la solicitud no es válido.'
            : status === 429
              ? 'Demasiadas solicitudes. Vuelva a intentar en unos minutos.'
              : 'La solicitud no es válida.';
      reply.status(status ?? 400).send({ code, message });
      return;
    }
    app.appLog.error({ err: error, reqId: request.id }, 'unhandled error');
    reply
      .status(500)
      .send({ code: 'INTERNAL', message: 'Ocurrió un error inesperado. Inténtalo en unos minutos.' });
  });
}
