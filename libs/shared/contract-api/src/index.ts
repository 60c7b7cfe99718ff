/** Types of every payload of the platform API, generated from schemas/api (one interface per schema, by its title). */
export type * from './generated/api.types';
export {
  apiSchema,
  apiSchemas,
  apiRef,
  apiSchemaNames,
  type ApiSchemaName,
  type ApiPayload,
  type ApiJsonSchema,
} from './api-schemas';
/** Bet statuses as a list (the filter of the bets history, on the server and in the office). */
export { BET_STATUSES, type BetStatus } from './bet-statuses';
/** The feed-provider port: what the feed service and settlement need from an odds feed (the simulator implements it). */
export type * from './feed-provider.port';
/** The server-side rendering contract: what the API hands the web app's render() and the page embeds (ADR 0233). */
export type { BrandPayload, RenderFunction, SsrAssets, SsrFetch, SsrRequest, SsrResult, SsrSession } from './ssr';
export { CONSENT_COOKIE } from './ssr';
