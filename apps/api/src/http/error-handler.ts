import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, type ApiErrorBody, type ValidationIssue } from './api-error';

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
    if (status === 429 && 'headers' in error && error.headers) reply.headers(error.headers as Record<string, string>);
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((_request, reply) => {
    const body: ApiErrorBody = { message: 'Not found' };
    return reply.status(404).type('application/json; charset=utf-8').send(body);
  });
}
