// The error type lives in @tessera/server/api-errors so domain libraries throw the same class the error handler answers.
export { ApiError, invalidField, type ApiErrorBody, type ValidationIssue } from '@tessera/server/api-errors';
