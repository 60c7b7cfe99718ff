export { ApiError, invalidField, type ApiErrorBody, type ValidationIssue } from './api-error';
