export { apiSchema, apiSchemas, ref, type ApiSchemaName } from './api-schemas';
export {
  apiRoutes,
  errorAnswers,
  type ApiRoute,
  type ApiRouteRequest,
  type ApiRoutes,
  type PathParam,
} from './api-routes';
export { BRAND_ASSET_CSP, brandAssetFile } from './brand-asset-files';
export { COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression';
export { IMMUTABLE_CACHE, readClientBuild, registerClientBuild, SHORT_CACHE, type BuildFile } from './client-build';
export { cachedAnswer, GZIP_MIN_BYTES, isNotModified, sendCachedAnswer, type CachedAnswer } from './cached-answer';
export {
  clientErrorAnswer,
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
  validationIssues,
} from './error-handler';
export {
  operatorRequest,
  registerOperatorAccess,
  requireOperator,
  type OperatorAccessOptions,
} from './operator-access';
export {
  BODY_LIMIT_BYTES,
  hasForbiddenCharacters,
  OVERSIZE_DRAIN_BYTES,
  registerRequestGuards,
  type RequestGuardOptions,
} from './request-guards';
export { loggerOptions } from './logger-options';
export { DEFAULT_RATE_LIMIT_PER_MINUTE, registerRateLimit, type RateLimitStore } from './rate-limit';
export { requestId } from './request-id';
export { responseSerializerFactory, type ResponseSerializerOptions } from './response-serialization';
export {
  CAPTCHA_SOURCES,
  contentSecurityPolicy,
  CSP_DIRECTIVES,
  directiveSources,
  FRAME_ANCESTORS,
  frameAncestors,
  helmetOptions,
  isCrossSiteRequest,
  NONCE,
  preRoutingSecurityHeaders,
  registerSecurity,
  type CspDirective,
  type PolicyInputs,
  type SecurityOptions,
} from './security';
export { DEFAULT_SERVER_TIMEOUTS, serverTimeoutOptions, serverTimeouts, type ServerTimeouts } from './server-timeouts';
export { requestValidatorFactory, strictValidatorCompiler } from './strict-validation';
