import { Messages, ResultCode } from '@erp/shared';

/** A business error: a typed code, a Chinese message fit to show a person, and a truthful HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(ResultCode.badRequest, msg, 422);
export const notFound = (msg: string = Messages.notFound) => new AppError(ResultCode.notFound, msg, 404);
export const forbidden = (msg: string = Messages.forbidden) => new AppError(ResultCode.forbidden, msg, 403);
export const conflict = (msg: string) => new AppError(ResultCode.conflict, msg, 409);
