export {
  bool,
  coerceBool,
  coerceInt,
  date,
  float,
  float1,
  idList,
  int,
  joinIds,
  list,
  obj,
  oneOf,
  ParamError,
  roundTo,
  str,
} from './lib/param-encoders';
export type {
  BoolInput,
  EncoderInput,
  FloatOptions,
  ListOptions,
  NumberInput,
  ParamEncoder,
  ParamOptions,
  WireScalar,
  WireValue,
} from './lib/param-encoders';
export { defineCall, isIdempotent } from './lib/define-call';
export type {
  ArgsOf,
  AuthKind,
  BodyContentType,
  BodyEnvelope,
  BuiltRequest,
  CallArgs,
  CallDefinition,
  CallSpec,
  HttpMethod,
  NoParams,
  ParamShape,
} from './lib/define-call';
export { toSearchParams, withQuery } from './lib/query-string';
export {
  BadRequestError,
  CancelledError,
  createHttpError,
  DOWNLOAD_TIMEOUT_CODE,
  FAILED_WITH_PARAMS,
  ForbiddenError,
  HTTPError,
  InvalidRequestError,
  isCancelled,
  isInvalidRequest,
  NetworkError,
  NotFoundError,
  REQUEST_TIMEOUT_CODE,
  RequestTimeoutError,
  STATUS_TITLES,
  UnauthorizedError,
} from './lib/http-errors';
export type { RequestSummary } from './lib/http-errors';
export { parseErrorBody } from './lib/error-body';
export type { ErrorBody, ValidationError } from './lib/error-body';
export { silentLogger } from './lib/logger';
export type { ApiLogger } from './lib/logger';
export { createHttpClient } from './lib/http-client';
export type {
  HttpClient,
  HttpClientOptions,
  HttpHooks,
  HttpRequest,
  HttpResponse,
  RequestContext,
  RetryOptions,
} from './lib/http-client';
export { createInFlight } from './lib/in-flight';
export type { InFlight } from './lib/in-flight';
export { createApiClient, requestKey } from './lib/api-client';
export type {
  ApiClient,
  ApiClientOptions,
  AuthProvider,
  SendOptions,
  SendResult,
  UnauthorizedFailure,
} from './lib/api-client';
export {
  createServiceTokenManager,
  localExpiry,
  LOST_TOKEN_MESSAGE,
  NO_DATE_HEADER_MESSAGE,
  parseExpireDate,
  ServiceAuthError,
} from './lib/service-token';
export type { ServiceAuthCode, ServiceTokenManager, ServiceTokenOptions } from './lib/service-token';
export { callKey, callMutationFn, callQueryOptions, shouldRetryQuery } from './lib/call.queries';
export { ApiClientProvider, useApiClient } from './lib/api-client-context';
export type { ApiClientProviderProps } from './lib/api-client-context';
export { useCallQuery } from './lib/use-call-query';
export { useCallMutation } from './lib/use-call-mutation';
