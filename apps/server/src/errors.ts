import { API_CODE } from '@crm/domain/api/envelope';

/**
 * Errors services throw. The error handler turns each into the envelope with its HTTP status; the
 * message is what the person sees, so it is written in the UI language.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A business rule said no (bad field, wrong code): HTTP 200, non-zero code, message shown as is. */
export class RefusedError extends AppError {
  /** The form field the refusal is about (the envelope's `field`), so a form shows it under that field. */
  readonly field: string | undefined;

  /**
   * `cause`: what went wrong behind the refusal (a provider's answer), for the log, never for the person.
   * `field`: the request field at fault, as the form sends it (`term`, `id_number`).
   */
  constructor(message: string, options?: { cause?: unknown; field?: string }) {
    super(message, 200, API_CODE.refused, options?.cause === undefined ? undefined : { cause: options.cause });
    this.field = options?.field;
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = '登录已失效，请重新登录') {
    super(message, 401, API_CODE.unauthenticated);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = '无权访问') {
    super(message, 403, API_CODE.forbidden);
  }
}

export class NotFoundError extends AppError {
  constructor(message = '记录不存在') {
    super(message, 404, API_CODE.notFound);
  }
}

export class TooManyError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message, 429, API_CODE.tooMany);
  }
}
