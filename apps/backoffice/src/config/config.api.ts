import { queryOptions } from '@tanstack/react-query';
import type {
  BackofficeConfigBrandResponse,
  BackofficeConfigDraftResponse,
  BackofficeConfigHistoryResponse,
  BackofficeConfigSchemaResponse,
} from '@tessera/shared/contract-api';
import { type ApiClient, defineCall, int, obj, oneOf, str } from '@tessera/shared/data-access-api';
import { consoleKeys } from '../api/console.queries';
import type { JsonObject } from './config-values';
import { CONSOLE_API } from '../api/session.api';

/** A change of a brand's console layer, with its checks and preview. */
export type ConfigDraft = BackofficeConfigDraftResponse['draft'];

const reason = { reason: str({ required: true }) };

/** The console layer's calls (ADR 0310; routes under /backoffice/api/config, every step audited on the server). */
export const configCalls = {
  schema: defineCall({ url: `${CONSOLE_API}/config/schema` }).returns<BackofficeConfigSchemaResponse>(),
  brand: defineCall({
    url: `${CONSOLE_API}/config/brands`,
    path: { brand: str({ required: true }) },
    query: { country: str(), language: str() },
  }).returns<BackofficeConfigBrandResponse>(),
  history: defineCall({
    url: `${CONSOLE_API}/config/brands`,
    path: { brand: str({ required: true }), history: oneOf(['history'] as const, { required: true }) },
  }).returns<BackofficeConfigHistoryResponse>(),
  createDraft: defineCall({
    url: `${CONSOLE_API}/config/drafts`,
    method: 'POST',
    body: { brand: str({ required: true }), country: str(), language: str(), data: obj<JsonObject>() },
  }).returns<BackofficeConfigDraftResponse>(),
  restore: defineCall({
    url: `${CONSOLE_API}/config/brands`,
    method: 'POST',
    path: { brand: str({ required: true }), restore: oneOf(['restore'] as const, { required: true }) },
    body: { version: int({ required: true }) },
  }).returns<BackofficeConfigDraftResponse>(),
  draft: defineCall({
    url: `${CONSOLE_API}/config/drafts`,
    path: { id: str({ required: true }) },
  }).returns<BackofficeConfigDraftResponse>(),
  decide: defineCall({
    url: `${CONSOLE_API}/config/drafts`,
    method: 'POST',
    path: { id: str({ required: true }), step: oneOf(['approve', 'publish'] as const, { required: true }) },
    body: reason,
  }).returns<BackofficeConfigDraftResponse>(),
  discard: defineCall({
    url: `${CONSOLE_API}/config/drafts`,
    method: 'DELETE',
    path: { id: str({ required: true }) },
  }).returns<unknown>(),
};

/** Query keys of the console layer, under the console's (signing out clears them). */
export const configKeys = {
  all: () => [...consoleKeys.all, 'config'] as const,
  schema: () => [...configKeys.all(), 'schema'] as const,
  brand: (brand: string, country?: string, language?: string) =>
    [...configKeys.all(), 'brand', brand, country ?? '', language ?? ''] as const,
  history: (brand: string) => [...configKeys.all(), 'history', brand] as const,
  draft: (id: string) => [...configKeys.all(), 'draft', id] as const,
};

/** The site configuration's schema (it changes with a deployment only). */
export function schemaQuery(client: ApiClient) {
  return queryOptions({
    queryKey: configKeys.schema(),
    queryFn: ({ signal }) => client.send(configCalls.schema, {}, { signal }),
    staleTime: Infinity,
  });
}

/** A brand's console layer and its configuration for a country and language. */
export function configBrandQuery(client: ApiClient, brand: string, country?: string, language?: string) {
  return queryOptions({
    queryKey: configKeys.brand(brand, country, language),
    queryFn: ({ signal }) => client.send(configCalls.brand, { brand, country, language }, { signal }),
    enabled: brand !== '',
  });
}

/** A brand's published versions. */
export function configHistoryQuery(client: ApiClient, brand: string) {
  return queryOptions({
    queryKey: configKeys.history(brand),
    queryFn: ({ signal }) => client.send(configCalls.history, { brand, history: 'history' }, { signal }),
    enabled: brand !== '',
  });
}

/** One change, checked and previewed against what is published now. */
export function configDraftQuery(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: configKeys.draft(id),
    queryFn: ({ signal }) => client.send(configCalls.draft, { id }, { signal }),
    enabled: id !== '',
  });
}
