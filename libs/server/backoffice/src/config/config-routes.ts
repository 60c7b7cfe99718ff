import type { ApiPayload, ApiSchemaName, BackofficePermission } from '@tessera/shared/contract-api';
import { siteConfigSchemaBundle } from '@tessera/shared/util-config';
import type { BackofficeRoute, OperatorCall, RouteAnswer } from '../routes';
import {
  approveConsoleDraft,
  consoleBrand,
  consoleDraft,
  consoleHistory,
  createConsoleDraft,
  discardConsoleDraft,
  publishConsoleDraft,
  restoreConsoleVersion,
} from './config-console';
import { configContextOf } from './config-context';

interface Shape {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: ApiSchemaName;
  query?: ApiSchemaName;
  answer: RouteAnswer;
  status?: number;
}

/** routes.ts's factory of a signed-in operator's route. */
export type OperatorRouteFactory = <B = unknown, Q = unknown>(
  access: 'signed-in' | BackofficePermission,
  shape: Shape,
  handle: (call: OperatorCall<B, Q>) => Promise<unknown>,
) => BackofficeRoute;

type Body<N extends ApiSchemaName> = ApiPayload<N>;
const param = (call: { params: Readonly<Record<string, string>> }, name: string): string => call.params[name] ?? '';

/** The console layer's routes (ADR 0310), under /backoffice/api/config/. */
export function configRoutes(route: OperatorRouteFactory): BackofficeRoute[] {
  return [
    route(
      'config.read',
      { method: 'GET', path: 'config/schema', answer: 'backoffice/config-schema-response' },
      async () => ({ schema: siteConfigSchemaBundle as Record<string, unknown> }),
    ),
    route<unknown, Body<'backoffice/config-brand-query'>>(
      'config.read',
      {
        method: 'GET',
        path: 'config/brands/:brand',
        query: 'backoffice/config-brand-query',
        answer: 'backoffice/config-brand-response',
      },
      (call) => consoleBrand(configContextOf(call.ctx), call.actor, param(call, 'brand'), call.query),
    ),
    route(
      'config.read',
      { method: 'GET', path: 'config/brands/:brand/history', answer: 'backoffice/config-history-response' },
      (call) => consoleHistory(configContextOf(call.ctx), call.actor, param(call, 'brand')),
    ),
    route<Body<'backoffice/config-draft-request'>>(
      'config.edit',
      {
        method: 'POST',
        path: 'config/drafts',
        body: 'backoffice/config-draft-request',
        answer: 'backoffice/config-draft-response',
        status: 201,
      },
      async (call) => ({ draft: await createConsoleDraft(configContextOf(call.ctx), call.actor, call.body) }),
    ),
    route<Body<'backoffice/config-restore-request'>>(
      'config.edit',
      {
        method: 'POST',
        path: 'config/brands/:brand/restore',
        body: 'backoffice/config-restore-request',
        answer: 'backoffice/config-draft-response',
        status: 201,
      },
      async (call) => ({
        draft: await restoreConsoleVersion(
          configContextOf(call.ctx),
          call.actor,
          param(call, 'brand'),
          call.body.version,
        ),
      }),
    ),
    route(
      'config.read',
      { method: 'GET', path: 'config/drafts/:id', answer: 'backoffice/config-draft-response' },
      async (call) => ({ draft: await consoleDraft(configContextOf(call.ctx), call.actor, param(call, 'id')) }),
    ),
    route<Body<'backoffice/reason-request'>>(
      'config.approve',
      {
        method: 'POST',
        path: 'config/drafts/:id/approve',
        body: 'backoffice/reason-request',
        answer: 'backoffice/config-draft-response',
      },
      async (call) => ({
        draft: await approveConsoleDraft(configContextOf(call.ctx), call.actor, param(call, 'id'), call.body.reason),
      }),
    ),
    route<Body<'backoffice/reason-request'>>(
      'config.publish',
      {
        method: 'POST',
        path: 'config/drafts/:id/publish',
        body: 'backoffice/reason-request',
        answer: 'backoffice/config-draft-response',
      },
      async (call) => {
        const ctx = configContextOf(call.ctx);
        const draft = await publishConsoleDraft(ctx, call.actor, param(call, 'id'), call.body.reason);
        // This server serves it before answering; the others on the notification (or their poll).
        await ctx.delivery.sync(draft.brand);
        return { draft };
      },
    ),
    route('config.edit', { method: 'DELETE', path: 'config/drafts/:id', answer: 'empty' }, (call) =>
      discardConsoleDraft(configContextOf(call.ctx), call.actor, param(call, 'id')),
    ),
  ];
}
