import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, SERVICE_MESSAGES } from './errors.js';

/**
 * Answers of the framework's own, before any route runs (a URL that is not valid percent-encoded
 * UTF-8, a path segment longer than the router takes), in the contract's error shape (docs/api.md#errors-and-codes).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const api =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? ApiError.of(414, 'URI_TOO_LONG') : ApiError.of(400, 'INVALID_URL');
  void reply
    .status(api.status)
    .header('X-Request-Id', request.id)
    .send({ message: api.message, code: api.code, requestId: request.id });
}

/** Node's HTTP parser errors: no request exists yet, so the answer is written to the socket. */
const CLIENT_ERRORS: Record<string, [status: number, reason: string, code: keyof typeof SERVICE_MESSAGES]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT'],
};

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refused (a control character in a header,
 * headers too large) still gets the contract's error shape with a request id.
 */
export function clientErrorHandler(nextId: () => string) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, code] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', 'INVALID_HEADER'];
    const requestId = nextId();
    const body = JSON.stringify({ message: SERVICE_MESSAGES[code], code, requestId });
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
    socket.destroy(error);
  };
}

/**
 * An operation that reads no body (`GET`, `DELETE`, the sandbox's settle) or may go without one (a
 * void, a refund: `bodyOptional`): a `Content-Type` sent with an empty body is dropped, so a client
 * that sets `application/json` on every call can still call it.
 */
export function ignoreTypeOfEmptyBody(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const { headers } = request;
  const schema = request.routeOptions.schema;
  const noBodyNeeded =
    request.method === 'DELETE' || request.method === 'GET' || !schema?.body || schema.bodyOptional === true;
  if (
    noBodyNeeded &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  )
    delete headers['content-type'];
  done();
}
