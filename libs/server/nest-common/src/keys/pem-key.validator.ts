import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationOptions } from 'class-validator';

export type PemKeyKind = 'private' | 'public';

/** Reads an ES256 (EC P-256) key from PEM text; throws with a reason a person can act on. */
export function parseEs256Key(pem: string, kind: PemKeyKind): KeyObject {
  // createPublicKey also accepts a private key (it derives the public half): a private key is never "public".
  if (kind === 'public' && /PRIVATE KEY/.test(pem)) throw new Error('must be a public key, not a private one');
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new Error(`is not a PEM-encoded ${kind} key`);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(`must be an EC P-256 ${kind} key (ES256)`);
  }
  return key;
}

/**
 * Environment values cannot always hold line breaks (compose files, CI secrets): a PEM given with literal `\n`
 * is accepted too.
 */
export function normalisePem(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\\n/g, '\n').trim() : value;
}

/** Config-class check that a variable holds an ES256 PEM key of the given kind. */
export function IsEs256PemKey(kind: PemKeyKind, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    let reason = '';
    registerDecorator({
      name: 'isEs256PemKey',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate(value: unknown): boolean {
          if (typeof value !== 'string') {
            reason = `must be set to a PEM-encoded EC P-256 ${kind} key (ES256)`;
            return false;
          }
          try {
            parseEs256Key(value, kind);
            return true;
          } catch (error) {
            reason = (error as Error).message;
            return false;
          }
        },
        defaultMessage: (args) => `${args?.property ?? String(propertyName)} ${reason}`,
      },
    });
  };
}

/** A config variable holding an ES256 PEM key, on several lines or on one with `\n` escapes. */
export function IsEs256KeyVariable(kind: PemKeyKind): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => normalisePem(value)),
    IsEs256PemKey(kind),
  );
}
