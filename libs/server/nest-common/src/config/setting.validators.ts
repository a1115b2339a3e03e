import { accessSync, constants, statSync } from 'node:fs';
import { registerDecorator } from 'class-validator';

/** Registers a check of one variable that may look at the others, with a message built from the variable's name. */
function settingCheck(
  name: string,
  validate: (value: unknown, settings: Record<string, unknown>) => boolean,
  message: (property: string) => string,
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value, args) => validate(value, (args?.object ?? {}) as Record<string, unknown>),
        defaultMessage: (args) => message(args?.property ?? String(propertyName)),
      },
    });
  };
}

/** The path of a file this process can read (a key, a certificate, a credentials file), checked at boot. */
export function IsReadableFile(): PropertyDecorator {
  return settingCheck(
    'isReadableFile',
    (value) => {
      if (value === undefined) return true;
      try {
        accessSync(String(value), constants.R_OK);
        return statSync(String(value)).isFile();
      } catch {
        return false;
      }
    },
    (property) => `${property} must be the path of a file this process can read`,
  );
}

/** When this variable is set, one of `others` must be set too. */
export function RequiresSetting(...others: string[]): PropertyDecorator {
  return settingCheck(
    'requiresSetting',
    (value, settings) => value === undefined || others.some((other) => settings[other] !== undefined),
    (property) => `${property} needs ${others.join(' or ')} to be set as well`,
  );
}

/** This variable and `other` are two ways of doing one thing: at most one may be set. */
export function ExcludesSetting(other: string): PropertyDecorator {
  return settingCheck(
    'excludesSetting',
    (value, settings) => value === undefined || settings[other] === undefined,
    (property) => `${property} and ${other} cannot both be set: choose one`,
  );
}
