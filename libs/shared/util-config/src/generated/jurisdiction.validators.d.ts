/* eslint-disable */
// GENERATED FILE, DO NOT EDIT. Types of jurisdiction.validators.js.
// Source: schemas/*.schema.json. Regenerate with `npm run codegen`; `npm run codegen:check` fails when this drifts.
import type { ErrorObject } from 'ajv';

/** An ajv standalone validator: true when valid, otherwise errors are on the function. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
export declare const validateJurisdictionProfile: CompiledValidator;
