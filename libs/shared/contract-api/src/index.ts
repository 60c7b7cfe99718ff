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
