import type { Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { IS_NOT_EMPTY, MAX, MIN, ValidationTypes, getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { OpenApiParameter, OpenApiSchema } from '@memories/contracts';

/** A whole-object input of a route (`@Body() body: Dto`, `@Query() query: Dto`, `@Param() params: Dto`). */
export interface RouteInput {
  in: 'body' | 'query' | 'path';
  type: Type<unknown>;
}

const INPUT_KINDS: Partial<Record<RouteParamtypes, RouteInput['in']>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.PARAM]: 'path',
};

interface RouteArgument {
  index: number;
  data?: unknown;
}

/** The DTO classes a route validates, read from the same metadata Nest uses to call it. */
export function routeInputsOf(controller: Type<unknown>, method: string): RouteInput[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, RouteArgument>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as unknown[];
  return Object.entries(args).flatMap(([key, argument]) => {
    const kind = INPUT_KINDS[Number(key.split(':')[0]) as RouteParamtypes];
    const type = types[argument.index];
    const isDto = typeof type === 'function' && ![String, Number, Boolean, Object, Array].includes(type as never);
    return kind && argument.data === undefined && isDto ? [{ in: kind, type: type as Type<unknown> }] : [];
  });
}

/**
 * The JSON Schema of a DTO's class-validator decorators: the rules the global validation pipe applies are the
 * document's types, ranges, lengths, patterns and enums, so what is documented is what is enforced.
 */
export function validationSchemaOf(type: Type<unknown>): OpenApiSchema {
  return targetConstructorToSchema(type, { additionalConverters: CONVERTERS }) as OpenApiSchema;
}

type ConstraintMeta = Pick<ValidationMetadata, 'constraints' | 'target' | 'propertyName'>;

/** Whether the property's rules apply only when its @ValidateIf says so. */
function isConditional({ target, propertyName }: ConstraintMeta): boolean {
  if (typeof target !== 'function') return false;
  return getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .some((meta) => meta.propertyName === propertyName && meta.type === ValidationTypes.CONDITIONAL_VALIDATION);
}

const CONVERTERS = {
  // A bound says nothing of the type: @IsInt or the property's own type does (the defaults would make it `number`).
  [MIN]: (meta: ConstraintMeta) => ({ minimum: meta.constraints[0] }),
  [MAX]: (meta: ConstraintMeta) => ({ maximum: meta.constraints[0] }),
  // Not empty only when its @ValidateIf holds (a locked memory's title is empty): the document says what always is.
  [IS_NOT_EMPTY]: (meta: ConstraintMeta) =>
    isConditional(meta) ? { type: 'string' } : { type: 'string', minLength: 1 },
  // A rule of our own (e.g. the editor document check) is described by the property's @ApiProperty.
  [ValidationTypes.CUSTOM_VALIDATION]: {},
};

/** Puts the enforced constraints on a documented property; descriptions, examples and `nullable` stay. */
export function constrain(documented: OpenApiSchema, enforced: OpenApiSchema): void {
  const shaped = 'oneOf' in documented || 'anyOf' in documented || '$ref' in documented;
  for (const [keyword, value] of Object.entries(enforced)) {
    if (keyword === 'type' && shaped) continue;
    // A nested DTO (@ValidateNested) is a `#/definitions/...` reference to class-validator-jsonschema; the document
    // already refers to its component.
    if (keyword === '$ref' && '$ref' in documented) continue;
    documented[keyword] = value;
  }
}

/** A DTO's constraints on a component schema: every enforced property is documented, required as enforced. */
export function constrainObject(documented: OpenApiSchema, enforced: OpenApiSchema): void {
  const properties = (documented.properties ??= {}) as Record<string, OpenApiSchema>;
  for (const [name, rules] of Object.entries((enforced.properties ?? {}) as Record<string, OpenApiSchema>)) {
    constrain((properties[name] ??= {}), rules);
  }
  const required = (enforced.required ?? []) as string[];
  if (required.length > 0) documented.required = required;
  else delete documented.required;
}

/** A DTO's constraints on the query or path parameters it stands for. */
export function constrainParameters(
  parameters: OpenApiParameter[],
  location: 'query' | 'path',
  enforced: OpenApiSchema,
): void {
  const required = new Set((enforced.required ?? []) as string[]);
  for (const [name, rules] of Object.entries((enforced.properties ?? {}) as Record<string, OpenApiSchema>)) {
    let parameter = parameters.find((candidate) => candidate.in === location && candidate.name === name);
    if (!parameter) {
      parameter = { name, in: location, schema: {} };
      parameters.push(parameter);
    }
    constrain(parameter.schema, rules);
    parameter.required = location === 'path' || required.has(name);
  }
}
