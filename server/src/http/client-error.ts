import type { Socket } from 'node:net';
import { Messages, ResultCode } from '@erp/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

type ClientError = Error & { code?: string };

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a URL and headers over
 * `maxHeaderSize`, 16 kB; a request that took too long to arrive; a malformed request line)
 * still answers the envelope, not Node's bare status line. Written to the socket, which is then
 * closed, as Fastify's default handler does.
 */
export function clientErrorAnswer(err: ClientError): { status: number; text: string; body: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, text: 'Request Header Fields Too Large', body: JSON.stringify(fail(ResultCode.payloadTooLarge, Messages.headerTooLarge)) };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, text: 'Request Timeout', body: JSON.stringify(fail(ResultCode.badRequest, Messages.requestTimeout)) };
  }
  return { status: 400, text: 'Bad Request', body: JSON.stringify(fail(ResultCode.badRequest, Messages.badRequest)) };
}

export function clientErrorHandler(this: FastifyInstance, err: ClientError, socket: Socket): void {
  // a reset connection has nobody left to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const { status, text, body } = clientErrorAnswer(err);
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * What the router refuses before routing (a malformed percent-encoding, a path parameter over
 * 100 characters) answers the envelope too (Fastify's `frameworkErrors`).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(fail(ResultCode.badRequest, Messages.paramTooLong));
    return;
  }
  reply.status(400).send(fail(ResultCode.badRequest, error.code === 'FST_ERR_BAD_URL' ? Messages.badPath : Messages.badRequest));
}
