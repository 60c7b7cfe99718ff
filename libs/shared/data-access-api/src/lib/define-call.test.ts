import { describe, expect, it } from 'vitest';
import { defineCall, isIdempotent } from './define-call';
import { bool, idList, int, ParamError, str } from './param-encoders';

describe('defineCall: request builder', () => {
  it('GET puts query and body parameters in the query', () => {
    const call = defineCall({
      url: '/service-api/LineFeed/GetGameZip',
      query: { gameId: int({ required: true }), lng: str() },
      body: { isSubGames: bool(), games: idList() },
    });
    const built = call.build({ gameId: '42', lng: 'en', isSubGames: true, games: [3, 1, 3] });
    expect(built.method).toBe('GET');
    expect(built.query).toEqual({ gameId: 42, lng: 'en', isSubGames: true, games: '1,3' });
    expect(built.body).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    '%s puts body parameters in the body and keeps query parameters in the query',
    (method) => {
      const call = defineCall({
        url: '/officeapi/closesession',
        method,
        query: { lng: str() },
        body: { session_id: str({ required: true }), end_other_sessions: bool() },
      });
      const built = call.build({ lng: 'en', session_id: 'abc', end_other_sessions: true });
      expect(built.query).toEqual({ lng: 'en' });
      expect(built.body).toEqual({ session_id: 'abc', end_other_sessions: true });
    },
  );

  it('omits parameters equal to their default or undefined', () => {
    const call = defineCall({
      url: '/x',
      query: { partner: int({ default: 1 }), live: bool(), mode: int(), lng: str() },
    });
    expect(call.build({ partner: 1, live: false, lng: undefined }).query).toEqual({});
  });

  it('appends path values as /{value} in declared order, skipping omitted ones and encoding them', () => {
    const call = defineCall({
      url: '/web-api/external-api/seo/questions/footer/',
      path: { section: str({ default: 'main', sendDefault: true }), page: int() },
    });
    expect(call.build({}).url).toBe('/web-api/external-api/seo/questions/footer/main');
    expect(call.build({ section: 'a b/c', page: 2 }).url).toBe(
      '/web-api/external-api/seo/questions/footer/a%20b%2Fc/2',
    );
  });

  it('keeps the URL untouched when there are no path values', () => {
    const call = defineCall({ url: '/web-api/api/mobile/v1/token/' });
    expect(call.build().url).toBe('/web-api/api/mobile/v1/token/');
  });

  it('uses the wire name of an encoder', () => {
    const call = defineCall({ url: '/x', method: 'POST', body: { stake: int({ name: 'Summ' }) } });
    expect(call.build({ stake: 100 }).body).toEqual({ Summ: 100 });
  });

  it('wraps the body in an envelope when asked', () => {
    const attributes = defineCall({
      url: '/api/web/user/v1/disallow-sports',
      method: 'POST',
      body: { lineDisallowSport: idList() },
      envelope: { path: 'attributes' },
    });
    expect(attributes.build({ lineDisallowSport: [2, 1] }).body).toEqual({ attributes: { lineDisallowSport: '1,2' } });
    const jsonApi = defineCall({
      url: '/api/web/user/v1/password',
      method: 'PUT',
      contentType: 'jsonapi',
      body: { password: str() },
      envelope: { path: 'data.attributes', type: 'password' },
    });
    const built = jsonApi.build({ password: 'p' });
    expect(built.body).toEqual({ data: { type: 'password', attributes: { password: 'p' } } });
    expect(built.contentType).toBe('jsonapi');
  });

  it('names the call and parameter when a value cannot be encoded', () => {
    const call = defineCall({ url: '/x', query: { gameId: int({ required: true }) } });
    expect(() => call.build({ gameId: 'abc' })).toThrow(ParamError);
    expect(() => call.build({ gameId: 'abc' })).toThrow(
      '/x: parameter "gameId": required integer value is missing or unreadable',
    );
  });

  it('refuses a parameter declared in two places', () => {
    expect(() => defineCall({ url: '/x', query: { id: int() }, body: { id: int() } })).toThrow(
      'parameter "id" is declared twice',
    );
  });

  it('dedupes and retries reads by default but not writes', () => {
    const get = defineCall({ url: '/x' }).build();
    const post = defineCall({ url: '/x', method: 'POST' }).build();
    expect([get.dedupe, get.retry]).toEqual([true, true]);
    expect([post.dedupe, post.retry]).toEqual([false, false]);
    const postRead = defineCall({ url: '/x', method: 'POST', dedupe: true }).build();
    expect(postRead.dedupe).toBe(true);
  });

  it('parses the answer with the given parser', () => {
    const call = defineCall({ url: '/x', parse: (data) => (data as { value: number }).value * 2 });
    expect(call.parse({ value: 21 })).toBe(42);
  });

  it('isIdempotent knows the safe methods', () => {
    expect(['GET', 'head', 'PUT', 'DELETE'].map(isIdempotent)).toEqual([true, true, true, true]);
    expect(['POST', 'PATCH'].map(isIdempotent)).toEqual([false, false]);
  });
});
