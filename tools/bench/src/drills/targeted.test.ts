import { describe, expect, it } from 'vitest';
import {
  crossSiteGet,
  getRoutes,
  moneyAndIdFields,
  refusedAsUnavailable,
  unofferedBets,
  wrongTypedRequests,
} from './targeted';

const makeBet = {
  type: 'object',
  properties: {
    betGUID: { type: 'string' },
    Summ: { type: 'number' },
    vid: { type: 'integer' },
    promo: { type: 'string' },
    Events: {
      type: 'array',
      items: {
        type: 'object',
        properties: { gameId: { type: 'integer' }, outcomeId: { type: 'string' }, coef: { type: 'number' } },
      },
    },
  },
};

describe('targeted cases of the bad-input drill', () => {
  it('finds every money and id field, inside arrays too, and leaves other text alone', () => {
    expect(moneyAndIdFields(makeBet).map((f) => `${f.path.join('.')}:${f.kind}`)).toEqual([
      'betGUID:id',
      'Summ:number',
      'vid:number',
      'Events.0.gameId:number',
      'Events.0.outcomeId:id',
      'Events.0.coef:number',
    ]);
  });

  it('changes only the type of one field of a valid body, with a fresh betGUID each time', () => {
    const base = { betGUID: 'g', Summ: 5, vid: 0, Events: [{ gameId: 7, outcomeId: 'o', coef: 2 }] };
    const cases = wrongTypedRequests({
      method: 'POST',
      path: '/bet',
      bodySchema: makeBet,
      base,
      headers: { cookie: 'c' },
    });
    expect(cases).toHaveLength(6 * 4);
    const summ = cases.filter((c) => c.description.startsWith('Summ:')).map((c) => JSON.parse(c.body ?? '{}').Summ);
    expect(summ).toEqual(['5', true, null, [5]]);
    const game = JSON.parse(cases.find((c) => c.description.startsWith('Events.0.gameId: true'))?.body ?? '{}');
    expect(game).toMatchObject({ Summ: 5, vid: 0, Events: [{ gameId: true, outcomeId: 'o', coef: 2 }] });
    const others = cases.filter((c) => !c.description.startsWith('betGUID'));
    expect(new Set(others.map((c) => JSON.parse(c.body ?? '{}').betGUID)).size).toBe(others.length);
    expect(
      cases.filter((c) => c.description.startsWith('betGUID')).map((c) => JSON.parse(c.body ?? '{}').betGUID),
    ).toEqual([true, 7, ['g'], { id: 'g' }]);
    expect(cases.every((c) => c.headers['cookie'] === 'c' && c.headers['content-type'] === 'application/json')).toBe(
      true,
    );
  });

  it("sends no null to a field whose schema accepts null (a limit's amount: null removes it), but every other wrong type", () => {
    const limitChange = {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['deposit'] },
        amount: { type: ['number', 'null'] },
        stake: { type: 'number' },
      },
    };
    const cases = wrongTypedRequests({
      method: 'PUT',
      path: '/web-api/responsible/limits',
      bodySchema: limitChange,
      base: { kind: 'deposit', amount: 50, stake: 5 },
      headers: {},
    });
    const sent = (field: string) =>
      cases.filter((c) => c.description.startsWith(`${field}:`)).map((c) => JSON.parse(c.body ?? '{}')[field]);
    expect(sent('amount')).toEqual(['50', true, [50]]);
    expect(sent('stake')).toEqual(['5', true, null, [5]]);
  });

  it('builds every placement path and the coupon save for an unoffered game, and knows the refusal', () => {
    const hidden = { gameId: 9, outcomeId: 'h', coef: 2 };
    const requests = unofferedBets(
      hidden,
      [
        { gameId: 1, outcomeId: 'a', coef: 2 },
        { gameId: 2, outcomeId: 'b', coef: 2 },
      ],
      1,
      {},
      '?brand=x',
    );
    expect(requests.map((r) => r.description.split(': ')[1])).toEqual([
      'single',
      'express',
      'system',
      'anti-express',
      'auto-bet',
      'advance',
      'one-click',
      'VIP',
      'multi',
      'save coupon',
    ]);
    expect(requests.every((r) => r.path.endsWith('?brand=x') && (r.body ?? '').includes('"gameId":9'))).toBe(true);
    expect(refusedAsUnavailable(422, { error_code: 1020 })).toBe(true);
    expect(refusedAsUnavailable(422, { error_code: 1012 })).toBe(false);
    expect(refusedAsUnavailable(200, { status: 'accepted' })).toBe(false);
  });

  it('walks the GET routes of a document with their query parameters, as another site would call them', () => {
    const doc = {
      paths: {
        '/a/{id}': {
          get: {
            parameters: [
              { in: 'query', name: 'code', schema: { type: 'string' } },
              { in: 'path', name: 'id' },
            ],
          },
          post: {},
        },
        '/b': { post: {} },
      },
    };
    const routes = getRoutes(doc);
    expect(routes).toEqual([
      { path: '/a/{id}', query: [{ name: 'code', schema: { type: 'string' }, required: false }] },
    ]);
    const request = crossSiteGet(routes[0] as (typeof routes)[number], { cookie: 'c' }, '?brand=x');
    expect(request.path).toBe('/a/1?brand=x&code=aaaaaaaa');
    expect(request.headers).toMatchObject({
      cookie: 'c',
      origin: 'https://attacker.example',
      'sec-fetch-site': 'cross-site',
    });
  });
});
