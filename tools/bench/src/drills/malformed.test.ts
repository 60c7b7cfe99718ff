import { describe, expect, it } from 'vitest';
import { BROKEN_JSON, errorShapeProblem, malformedRequests, sampleValue, seededRandom } from './malformed';

const loginSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['login', 'password'],
  properties: {
    login: { type: 'string', minLength: 1 },
    password: { type: 'string' },
    login_type: { type: 'string', enum: ['email', 'phone', 'id'] },
    remember: { type: 'boolean' },
    amount: { type: 'integer', minimum: 1 },
  },
};

const generate = (seed = 1) =>
  malformedRequests({ method: 'POST', path: '/web-api/user/auth', bodySchema: loginSchema, seed });

describe('malformedRequests', () => {
  it('covers every category', () => {
    const categories = new Set(generate().map((r) => r.category));
    expect([...categories].sort()).toEqual([
      'broken-json',
      'content-type',
      'huge-string',
      'missing-field',
      'number',
      'shape',
      'unicode',
      'wrong-type',
    ]);
  });

  it('is the same for the same seed and a different order for another seed', () => {
    expect(generate(7)).toEqual(generate(7));
    expect(generate(7).map((r) => r.description)).not.toEqual(generate(8).map((r) => r.description));
  });

  it('never sends valid JSON in the broken-json category (except the empty body, which is no JSON at all)', () => {
    for (const r of generate().filter((x) => x.category === 'broken-json')) {
      expect(() => JSON.parse(r.body ?? '')).toThrow();
    }
    expect(BROKEN_JSON.length).toBeGreaterThan(10);
  });

  it('drops each required field once', () => {
    const missing = generate().filter(
      (r) => r.category === 'missing-field' && r.description.startsWith('without required'),
    );
    expect(missing.map((r) => r.description).sort()).toEqual(['without required login', 'without required password']);
    const body = JSON.parse(missing.find((r) => r.description.endsWith('password'))?.body ?? '{}') as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty('password');
    expect(body).toHaveProperty('login');
  });

  it('gives each field values of every other JSON type', () => {
    const password = generate().filter((r) => r.category === 'wrong-type' && r.description.startsWith('password:'));
    const types = password.map((r) => {
      const v = (JSON.parse(r.body ?? '{}') as Record<string, unknown>)['password'];
      return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    });
    expect(new Set(types)).toEqual(new Set(['number', 'boolean', 'object', 'array', 'null']));
  });

  it('does not send null where the schema accepts it (null is a value there, e.g. "remove the limit")', () => {
    const limitSchema = {
      type: 'object',
      required: ['kind', 'amount'],
      properties: { kind: { type: 'string' }, amount: { type: ['number', 'null'], exclusiveMinimum: 0 } },
    };
    const amounts = malformedRequests({
      method: 'PUT',
      path: '/web-api/responsible/limits',
      bodySchema: limitSchema,
      seed: 1,
    })
      .filter((r) => r.category === 'wrong-type' && r.description.startsWith('amount:'))
      .map((r) => (JSON.parse(r.body ?? '{}') as Record<string, unknown>)['amount']);
    expect(amounts).not.toContain(null);
    expect(amounts).toContain('text');
  });

  it('sends numbers JavaScript cannot hold as raw JSON text', () => {
    const bodies = generate()
      .filter((r) => r.category === 'number' && r.description.startsWith('amount:'))
      .map((r) => r.body ?? '');
    expect(bodies.some((b) => b.includes('"amount":1e309'))).toBe(true);
    expect(bodies.some((b) => b.includes('"amount":123456789012345678901234567890'))).toBe(true);
  });

  it('sends wrong content types with a body the server cannot take as JSON', () => {
    const types = generate()
      .filter((r) => r.category === 'content-type')
      .map((r) => r.headers['content-type']);
    expect(types).toContain('text/plain');
    expect(types).toContain(undefined);
  });

  it('generates hundreds of requests for a five-field body', () => {
    expect(generate().length).toBeGreaterThan(150);
  });

  it('still generates shape and content-type damage for an endpoint without a body schema', () => {
    const reqs = malformedRequests({ method: 'POST', path: '/officeapi/getsessionid', seed: 1 });
    expect(reqs.length).toBeGreaterThan(20);
    expect(reqs.every((r) => r.path === '/officeapi/getsessionid')).toBe(true);
  });
});

describe('sampleValue', () => {
  it('builds a valid-looking base body from the schema', () => {
    expect(sampleValue(loginSchema)).toEqual({
      login: 'a',
      password: 'aaaaaaaa',
      login_type: 'email',
      remember: true,
      amount: 1,
    });
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(3);
    const b = seededRandom(3);
    const xs = Array.from({ length: 100 }, () => a());
    expect(xs).toEqual(Array.from({ length: 100 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('errorShapeProblem', () => {
  it('accepts the spec error shape', () => {
    expect(errorShapeProblem({ message: 'Bad request' })).toBeUndefined();
    expect(
      errorShapeProblem({
        message: 'Invalid',
        detail: 'x',
        validation_errors: [{ field: 'login', message: 'required' }],
        error_code: 2,
      }),
    ).toBeUndefined();
  });
  it('names what is wrong', () => {
    expect(errorShapeProblem('oops')).toBe('the answer is not a JSON object');
    expect(errorShapeProblem({ error: 'x' })).toBe('message is missing or not a non-empty string');
    expect(errorShapeProblem({ message: 'x', validation_errors: [{ field: 1 }] })).toBe(
      'a validation error lacks a string field or message',
    );
    expect(errorShapeProblem({ message: 'x', detail: 3 })).toBe('detail is not a string');
  });
});
