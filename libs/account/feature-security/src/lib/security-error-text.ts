import type { SecurityError } from '@tessera/account/data-access-security';

/** The `account:` dictionary key of a security machine's error. */
export function securityErrorKey(error: SecurityError): string {
  switch (error.kind) {
    case 'network':
      return 'error.network';
    case 'wrongCode':
      return 'error.wrongCode';
    case 'expiredCode':
      return 'error.expiredCode';
    case 'wrongAnswer':
      return 'error.wrongAnswer';
    case 'rateLimited':
      return 'error.rateLimited';
    case 'invalid':
      return 'error.invalid';
    case 'reauthRequired':
      return 'error.reauthRequired';
    default:
      return 'error.server';
  }
}
