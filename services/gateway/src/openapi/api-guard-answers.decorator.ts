import type { OpenApiParameter } from '@memories/contracts';

/** What a guard adds to every route it guards: the codes it refuses with, and the request headers it needs. */
export interface GuardAnswers {
  errors: readonly string[];
  headers?: readonly OpenApiParameter[];
}

const GUARD_ANSWERS = Symbol('guardAnswers');

/**
 * Declares, on the guard class itself, how the guard shows in the API document of each route it guards. A guard
 * without it is reported by the document check: a refusal the document does not list is a drift.
 */
export function ApiGuardAnswers(answers: GuardAnswers): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(GUARD_ANSWERS, answers, target);
  };
}

export function guardAnswersOf(guard: unknown): GuardAnswers | undefined {
  return typeof guard === 'function'
    ? (Reflect.getMetadata(GUARD_ANSWERS, guard) as GuardAnswers | undefined)
    : undefined;
}
