import type { OpenApiSchema } from '@memories/contracts';

const SAMPLE_BY_FORMAT: Record<string, string> = {
  uuid: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01',
  'date-time': '2024-05-01T12:00:00.000Z',
  email: 'ada@example.com',
};

const MAX_DEPTH = 8;

/**
 * An example value built from a schema: the `example` of each property where the schema gives one, otherwise a
 * plain value of the right type. Optional properties appear only when they have an example of their own, so an
 * example shows what a typical answer holds rather than every possibility.
 */
export function exampleOf(schema: OpenApiSchema, schemas: Record<string, OpenApiSchema>, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = schemas[schema.$ref.replace('#/components/schemas/', '')];
    return target ? exampleOf(target, schemas, depth + 1) : undefined;
  }
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.oneOf ?? schema.anyOf) as OpenApiSchema[] | undefined;
  if (alternatives?.length) return exampleOf(alternatives[0], schemas, depth + 1);
  switch (schema.type) {
    case 'object':
      return objectExample(schema, schemas, depth);
    case 'array': {
      const item = exampleOf((schema.items ?? {}) as OpenApiSchema, schemas, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return SAMPLE_BY_FORMAT[String(schema.format)] ?? 'string';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return schema.nullable ? null : undefined;
  }
}

function hasOwnExample(schema: OpenApiSchema, schemas: Record<string, OpenApiSchema>): boolean {
  if ('example' in schema) return true;
  if (typeof schema.$ref === 'string') return schemas[schema.$ref.replace('#/components/schemas/', '')] !== undefined;
  return schema.type === 'array' && hasOwnExample((schema.items ?? {}) as OpenApiSchema, schemas);
}

function objectExample(
  schema: OpenApiSchema,
  schemas: Record<string, OpenApiSchema>,
  depth: number,
): Record<string, unknown> {
  const required = new Set((schema.required ?? []) as string[]);
  const example: Record<string, unknown> = {};
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, OpenApiSchema>)) {
    if (!required.has(name) && !hasOwnExample(property, schemas)) continue;
    const value = exampleOf(property, schemas, depth + 1);
    if (value !== undefined) example[name] = value;
  }
  return example;
}
