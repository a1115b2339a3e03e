/**
 * Checks a compose file against the Compose Specification JSON schema. The schema is the one `dclint` (MIT, a
 * compose linter on npm) ships in `schemas/compose.schema.json`, kept current with the official compose-spec
 * repository; no other npm package carries a recent copy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

let compiled: ValidateFunction | undefined;

function composeSchemaValidator(): ValidateFunction {
  if (compiled) return compiled;
  const schemaFile = path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas', 'compose.schema.json');
  // The schema names its meta-schema as https://json-schema.org/draft-07/schema, a spelling Ajv does not register
  // (it knows http://…#); the body is plain draft-07, which is Ajv's default.
  const { $schema: _metaSchema, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  compiled = ajv.compile(schema);
  return compiled;
}

/** The schema problems of a parsed compose file (merge keys resolved); empty when it is valid. */
export function validateComposeDocument(document: unknown): string[] {
  const validate = composeSchemaValidator();
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => {
    const detail =
      error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : '';
    return `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${detail}`;
  });
}
