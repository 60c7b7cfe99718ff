import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { ApiError, type ApiErrorBody, type ValidationIssue } from '@tessera/server/api-errors';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldOf(issue: AjvIssue): string {
  const path = issue.instancePath.split('/').filter(Boolean).join('.');
  const child =
    (issue.keyword === 'required' && issue.params['missingProperty']) ||
    (issue.keyword === 'additionalProperties' && issue.params['additionalProperty']);
  if (typeof child === 'string') return path ? `${path}.${child}` : child;
  return path || '(request)';
}

/** Turns ajv's issues into the spec's `validation_errors`: one entry per field, in request terms. */
export function validationIssues(issues: readonly AjvIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({ field: fieldOf(issue), message: issue.message ?? 'is invalid' }));
}

/**
 * One error handler and one not-found handler for the whole API: every error leaves in the spec's shape, schema
 * failures as 400 with validation_errors, and a server fault never shows its stack or message to the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | ApiError>((error, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof ApiError) {
      status = error.statusCode;
      body = error.toBody();
    } else if ('validation' in error && Array.isArray(error.validation)) {
      status = 400;
      body = { message: 'Invalid request', validation_errors: validationIssues(error.validation as AjvIssue[]) };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's and plugins' client errors (bad JSON, media type, body too large, rate limit) are safe to show.
      status = error.statusCode;
      body = { message: error.message || 'Invalid request' };
    } else {
      status = 500;
      body = { message: 'Internal server error', detail: `Reference ${request.id}` };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: (error as FastifyError).code }, error.message);
    if ((status === 429 || error instanceof ApiError) && 'headers' in error && error.headers)
      reply.headers(error.headers as Record<string, string>);
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((_request, reply) => {
    const body: ApiErrorBody = { message: 'Not found' };
    return reply.status(404).type('application/json; charset=utf-8').send(body);
  });
}

/** Whether a socket is free for a raw answer: no answer of an earlier request on it is being written. */
function socketFree(socket: Duplex): boolean {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return socket.writable && !(inFlight?.headersSent ?? false);
}

const statusText: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

/** The answer to a request Node's HTTP parser refused (malformed line or header, bad length, too large, too slow). */
export function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; body: ApiErrorBody } {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, body: { message: 'Request timeout', detail: 'The request did not arrive in time' } };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, body: { message: 'Request headers too large' } };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, body: { message: 'Request body too large' } };
    default:
      return { status: 400, body: { message: 'Invalid request', detail: 'The request is malformed' } };
  }
}

/**
 * Fastify's clientErrorHandler: a request refused by the HTTP parser or cut off by a timeout gets an answer in the
 * error shape with the security headers (`securityHeaders`), then the connection is closed.
 */
export function clientErrorHandler(
  securityHeaders: Readonly<Record<string, string>>,
): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  return (error, socket) => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socketFree(socket)) {
      const { status, body } = clientErrorAnswer(error);
      const payload = JSON.stringify(body);
      const headers = {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(payload)),
        'cache-control': 'no-store',
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(`HTTP/1.1 ${status} ${statusText[status] ?? 'Error'}\r\n${head}\r\n${payload}`);
      // A client that never reads must not hold the socket open.
      setTimeout(() => socket.destroy(), 1000).unref();
    } else socket.destroy(error);
  };
}

/**
 * Fastify's frameworkErrors: errors found before routing (a URL that cannot be decoded, a path parameter too long)
 * leave in the error shape with the security headers, like every other answer.
 */
export function frameworkErrorHandler(
  securityHeaders: Readonly<Record<string, string>>,
): FastifyServerOptions['frameworkErrors'] {
  return (error, request, reply) => {
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.statusCode === 400 ? 400 : 500;
    const body: ApiErrorBody =
      status === 400
        ? { message: 'Invalid request', detail: 'The URL cannot be decoded' }
        : status === 414
          ? { message: 'Invalid request', detail: 'A path segment is too long' }
          : { message: 'Internal server error', detail: `Reference ${request.id}` };
    request.log.info({ status, code: error.code }, error.message);
    void (reply as FastifyReply)
      .headers(securityHeaders)
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .status(status)
      .type('application/json; charset=utf-8')
      .send(body);
  };
}
