/** One field error as the platform sends it in `validation_errors`. */
export interface ValidationError {
  field: string;
  message: string;
}

/** The spec's error body, normalised: the text to show plus the structured parts. */
export interface ErrorBody {
  /** The text to show: errors[0].detail, else message, else detail, else undefined. */
  message: string | undefined;
  /** Title from errors[0].title when the server sent a JSON:API error list. */
  title: string | undefined;
  detail: string | undefined;
  validationErrors: ValidationError[];
  /** Numeric error_code, e.g. 2 for a wrong two-factor SMS code. */
  errorCode: number | undefined;
  /** The parsed body as received (or the raw text when it was not JSON). */
  raw: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function readValidationErrors(value: unknown): ValidationError[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) =>
      isRecord(item) && typeof item['message'] === 'string'
        ? [{ field: typeof item['field'] === 'string' ? item['field'] : '', message: item['message'] }]
        : [],
    );
  }
  // Some services key the list by field name instead: { phone: 'too short' } or { phone: ['too short'] }.
  if (isRecord(value)) {
    return Object.entries(value).flatMap(([field, message]) => {
      if (typeof message === 'string') return [{ field, message }];
      if (Array.isArray(message))
        return message.filter((m): m is string => typeof m === 'string').map((m) => ({ field, message: m }));
      return [];
    });
  }
  return [];
}

/**
 * Reads an error answer of the spec's shape (`message`, `detail`, `validation_errors`, `error_code`, JSON:API `errors`).
 * Text priority follows spec section 8: the first entry of `errors` (its detail) wins, then message, then detail.
 */
export function parseErrorBody(body: unknown): ErrorBody {
  if (typeof body === 'string') {
    let parsed: unknown = body;
    try {
      parsed = body.trim() === '' ? undefined : JSON.parse(body);
    } catch {
      // Not JSON (a proxy's HTML page, plain text): keep it as raw and show no server text.
      return {
        message: undefined,
        title: undefined,
        detail: undefined,
        validationErrors: [],
        errorCode: undefined,
        raw: body,
      };
    }
    return parseErrorBody(parsed);
  }
  if (!isRecord(body)) {
    return {
      message: undefined,
      title: undefined,
      detail: undefined,
      validationErrors: [],
      errorCode: undefined,
      raw: body,
    };
  }
  // Office replies nest the payload under `data`; read both levels.
  const nested = isRecord(body['data']) ? body['data'] : undefined;
  const errors = Array.isArray(body['errors']) ? body['errors'] : [];
  const first: unknown = errors[0];
  const firstDetail = isRecord(first) ? nonEmptyString(first['detail']) : undefined;
  const firstTitle = isRecord(first) ? nonEmptyString(first['title']) : undefined;
  const message = nonEmptyString(body['message']) ?? (nested ? nonEmptyString(nested['message']) : undefined);
  const detail = nonEmptyString(body['detail']) ?? (nested ? nonEmptyString(nested['detail']) : undefined);
  const validationSource = body['validation_errors'] ?? nested?.['validation_errors'];
  const code = body['error_code'] ?? nested?.['error_code'];
  return {
    message: firstDetail ?? message ?? detail,
    title: firstTitle,
    detail,
    validationErrors: readValidationErrors(validationSource),
    errorCode:
      typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : undefined,
    raw: body,
  };
}
