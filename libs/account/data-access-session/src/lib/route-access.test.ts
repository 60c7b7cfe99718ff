import { describe, expect, it } from 'vitest';
import { checkRouteAccess, safeReturnAddress } from './route-access';
import { type AuthorisedSession, GUEST_SESSION, filterAuthorized, parseSession } from './session';

const member: AuthorisedSession = { status: 'authorised', user: { id: 'u1', displayName: 'Ada' } };
const base = { language: 'en', defaultLanguage: 'ru', address: '/en/office?tab=bets' };

describe('checkRouteAccess', () => {
  it('allows a route without metadata', () => {
    expect(checkRouteAccess({ ...base, access: {}, session: GUEST_SESSION })).toEqual({ kind: 'allow' });
  });

  it('sends a guest from an authorised-only route to login with the return address', () => {
    expect(checkRouteAccess({ ...base, access: { requiresAuthorised: true }, session: GUEST_SESSION })).toEqual({
      kind: 'redirect',
      to: '/en/login?returnTo=%2Fen%2Foffice%3Ftab%3Dbets',
      reason: 'authorised-only',
    });
  });

  it('lets an authorised user into an authorised-only route', () => {
    expect(checkRouteAccess({ ...base, access: { requiresAuthorised: true }, session: member })).toEqual({
      kind: 'allow',
    });
  });

  it('sends an authorised user from a guest-only route home', () => {
    expect(
      checkRouteAccess({ ...base, address: '/en/login', access: { requiresGuest: true }, session: member }),
    ).toEqual({
      kind: 'redirect',
      to: '/en/',
      reason: 'guest-only',
    });
    expect(
      checkRouteAccess({ ...base, address: '/en/login', access: { requiresGuest: true }, session: GUEST_SESSION }).kind,
    ).toBe('allow');
  });

  it('sends a language the route does not allow to the default language, keeping the rest of the address', () => {
    expect(
      checkRouteAccess({
        ...base,
        address: '/en/toto?x=1',
        access: { allowedLanguages: ['ru', 'kk'] },
        session: GUEST_SESSION,
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/ru/toto?x=1',
      reason: 'language',
    });
  });

  it('never redirects away from the default language, even when the list forgets it', () => {
    const decision = checkRouteAccess({
      ...base,
      language: 'ru',
      address: '/ru/toto',
      access: { allowedLanguages: ['kk'] },
      session: GUEST_SESSION,
    });
    expect(decision.kind).toBe('allow');
  });
});

describe('filterAuthorized', () => {
  it('throws the spec text for a guest and returns the user otherwise', () => {
    expect(() => filterAuthorized(GUEST_SESSION)).toThrow('filterAuthorized: access denied');
    expect(filterAuthorized(member)).toEqual(member.user);
  });
});

describe('parseSession', () => {
  it('accepts a well-formed authorised session and reduces anything else to a guest', () => {
    expect(parseSession(member)).toEqual(member);
    expect(parseSession({ status: 'authorised', user: { id: 1 } })).toEqual(GUEST_SESSION);
    expect(parseSession(undefined)).toEqual(GUEST_SESSION);
  });
});

describe('safeReturnAddress', () => {
  it('keeps an in-site address in the page language', () => {
    expect(safeReturnAddress('/en/office?tab=bets', 'en')).toBe('/en/office?tab=bets');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/de/office',
    '',
    null,
  ])('turns %s into the home page', (value) => {
    expect(safeReturnAddress(value, 'en')).toBe('/en/');
  });
});
