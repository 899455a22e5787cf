import fc from 'fast-check';

/** The subset of JSON Schema that the contract's zod schemas become in the OpenAPI document. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Keys that must never reach an object's prototype (`{"__proto__": …}` parsed as an own key). */
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Values no form would send: huge and odd text (NUL, lone surrogates, right-to-left marks, SQL and
 * HTML), numbers at the edges of what JSON carries, wrong types, deep nesting and objects whose
 * keys aim at the prototype.
 */
export function hostileValue(): fc.Arbitrary<unknown> {
  const text = fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uD800',
      '\u202Eevil',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀👩‍👩‍👧',
      "' OR '1'='1' --",
      "'; drop table users; --",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '%00%27',
      '=cmd|" /C calc"!A0',
      '9999-99-99',
      '2025-02-30',
      'NaN',
      '__proto__',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.nat({ max: 300_000 }).map((length) => 'A'.repeat(length)),
  );
  const number = fc.oneof(
    fc.constantFrom(0, -0, -1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, 0.1 + 0.2),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  const polluting = fc
    .tuple(fc.constantFrom(...POLLUTING_KEYS), fc.constantFrom<unknown>({ isAdmin: true }, { polluted: 'yes' }, 'x', null))
    .map(([key, value]) => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) as unknown);
  const deep = fc.integer({ min: 1, max: 2000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);
  return fc.oneof(
    text,
    number,
    fc.constantFrom(null, true, false, [], {}),
    polluting,
    deep,
    fc.array(fc.constantFrom<unknown>(null, 1, 'x', {}), { maxLength: 5 }),
  );
}

/**
 * Values for one JSON schema: mostly ones the schema accepts (so that requests get past
 * validation into the services), and at every level, now and then, a hostile one instead.
 */
export function arbitraryFromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validValue(schema, depth), weight: 4 }, { arbitrary: hostileValue(), weight: 1 });
}

function validValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const plain = plainValue(schema, depth);
  return schema.nullable ? fc.oneof(plain, fc.constant(null)) : plain;
}

function plainValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectValue(schema, depth);
    case 'array': {
      const items = schema.items ? arbitraryFromSchema(schema.items, depth + 1) : hostileValue();
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'string':
      return stringValue(schema);
    case 'integer':
      return fc.integer({ min: bound(schema.minimum, -1e6), max: bound(schema.maximum, 1e6) });
    case 'number':
      return fc.double({ min: bound(schema.minimum, -1e6), max: bound(schema.maximum, 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue();
  }
}

function objectValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, arbitraryFromSchema(property, depth + 1)])),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  );
  // Sometimes a key the schema does not know, prototype-polluting ones included.
  const extra = fc.option(fc.tuple(fc.constantFrom(...POLLUTING_KEYS, 'userId', 'isAdmin', 'id'), hostileValue()), { freq: 4 });
  return fc.tuple(record, extra).map(([value, added]) => {
    if (!added) return value;
    // JSON.parse makes `__proto__` an own key, as a request body would.
    return JSON.parse(JSON.stringify(value).replace(/^\{/, `{${JSON.stringify(added[0])}:${JSON.stringify(added[1])}${Object.keys(value).length ? ',' : ''}`)) as unknown;
  });
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 200);
  const fromFormat: Record<string, () => fc.Arbitrary<string>> = {
    uuid: () => fc.uuid(),
    email: () => fc.emailAddress(),
    date: () => fc.date({ min: new Date('2000-01-01'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    'date-time': () => fc.date({ min: new Date('2000-01-01'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString()),
  };
  const byFormat = schema.format ? fromFormat[schema.format] : undefined;
  if (byFormat) return byFormat();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= Math.max(max, min));
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(max, min) });
}

function bound(value: number | undefined, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.max(-1e15, Math.min(1e15, value));
}
