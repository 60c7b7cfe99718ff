import type { FastifyServerOptions } from 'fastify';

/** Logger defaults: JSON lines with the request id, never a cookie or credential; none in test mode. */
export function loggerOptions(
  mode: 'development' | 'test' | 'production',
  level = 'info',
): FastifyServerOptions['logger'] {
  if (mode === 'test') return false;
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-auth"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
