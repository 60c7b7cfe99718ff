import { ref } from '@tessera/server/http';
import { apiRef } from '@tessera/shared/contract-api';

/** The error answers a route documents, by status. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
/** `{ message }` answers. */
export const message = apiRef('auth/message-response');
/** The body of calls without parameters: none or `{}` (schemas/api/auth/empty-request.schema.json). */
export const noBody = apiRef('auth/empty-request');
/** The OpenAPI tag of the security area. */
export const tags = ['account'];
