/** Hostile JSON bodies: each built from a route's valid body, so that only one thing is wrong at a time. */

export interface JsonRoute {
  method: string;
  path: string;
  /** A body the route accepts; fuzzing starts from it. */
  valid: Record<string, unknown>;
}

export interface FuzzCase {
  label: string;
  /** Sent as is (already JSON text, or deliberately not JSON). */
  raw: string;
  contentType?: string;
}

const WRONG_TYPES: unknown[] = [12345, -1.5e308, true, null, [], ['a', 'b'], {}, { $gt: '' }, { toString: 'x' }];

/** One field at a time set to a value of the wrong type. */
export function wrongTypeCases(route: JsonRoute): FuzzCase[] {
  return Object.keys(route.valid).flatMap((field) =>
    WRONG_TYPES.filter((value) => typeof value !== typeof route.valid[field] || Array.isArray(value)).map((value) => ({
      label: `${field} = ${JSON.stringify(value)}`,
      raw: JSON.stringify({ ...route.valid, [field]: value }),
    })),
  );
}

const stringFields = (route: JsonRoute) => Object.keys(route.valid).filter((field) => typeof route.valid[field] === 'string');

/** Every string field at 200,000 characters (the whole body stays under the services' 1 MB limit). */
export function hugeStringCases(route: JsonRoute): FuzzCase[] {
  return stringFields(route).map((field) => ({
    label: `${field} of 200,000 characters`,
    raw: JSON.stringify({ ...route.valid, [field]: 'A'.repeat(200_000) }),
  }));
}

/** Every string field with a NUL character, which PostgreSQL text cannot hold. */
export function nulCharacterCases(route: JsonRoute): FuzzCase[] {
  return stringFields(route).map((field) => ({
    label: `${field} with a NUL character`,
    raw: JSON.stringify({ ...route.valid, [field]: `${String(route.valid[field]).slice(0, 4)}\u0000x` }),
  }));
}

/** Bodies that are not one flat JSON object of the route's fields. */
export function malformedCases(route: JsonRoute): FuzzCase[] {
  const valid = JSON.stringify(route.valid);
  const field = Object.keys(route.valid)[0]!;
  const rest = JSON.stringify(Object.fromEntries(Object.entries(route.valid).filter(([key]) => key !== field))).slice(1);
  const withField = (value: string) => `{${JSON.stringify(field)}:${value}${rest === '}' ? '' : ','}${rest}`;
  return [
    { label: `${field}: an array nested 100,000 deep`, raw: withField(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) },
    { label: `${field}: objects nested 5,000 deep`, raw: withField(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`) },
    { label: 'truncated JSON', raw: valid.slice(0, -3) },
    { label: 'JSON null', raw: 'null' },
    { label: 'a JSON array', raw: `[${valid}]` },
    { label: 'a JSON string', raw: JSON.stringify(valid) },
    { label: 'a JSON number', raw: '1e400' },
    { label: 'a body over 1 MB', raw: JSON.stringify({ ...route.valid, padding: 'x'.repeat(1_100_000) }) },
    { label: 'JSON sent as text/plain', raw: valid, contentType: 'text/plain' },
    { label: 'JSON in a charset the parser does not know', raw: valid, contentType: 'application/json; charset=koi8-r' },
  ];
}

/** The valid body with keys that pollute `Object.prototype` in a careless merge. */
export function prototypePollutionCases(route: JsonRoute): FuzzCase[] {
  const valid = JSON.stringify(route.valid).slice(1, -1);
  return [
    { label: '__proto__ key', raw: `{${valid},"__proto__":{"polluted":"yes","isAdmin":true}}` },
    { label: 'constructor.prototype key', raw: `{${valid},"constructor":{"prototype":{"polluted":"yes"}}}` },
    {
      label: 'nested __proto__ in a field',
      raw: `{${valid},"boundingBox":{"__proto__":{"polluted":"yes"},"x":1,"y":1,"width":2,"height":2}}`,
    },
  ];
}
