import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ConfigValidationError } from './config-validation.error';

export type Environment = Record<string, string | undefined>;

// Values of these variables are never echoed back in an error message.
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY$/;

function describeValue(name: string, raw: string | undefined): string {
  if (raw === undefined) return 'it is not set';
  if (SECRET_NAME.test(name)) return 'value hidden';
  // A database URL carries a password: show it without the credentials.
  return `got "${raw.replace(/\/\/[^@/]*@/, '//***@')}"`;
}

/**
 * Validates the environment against a config class at boot. Conversions are explicit (`@Type(() => Number)`,
 * `@Transform` for booleans) because implicit ones would turn "false" into true. Empty strings count as unset (as in a
 * `.env` file
 * with `NAME=`), so defaults apply; any bad value fails with the variable's name and what was wrong.
 */
export function validateConfig<T extends object>(configClass: new () => T, env: Environment): T {
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') defined[name] = value;
  }
  const config = plainToInstance(configClass, defined, { exposeDefaultValues: true });
  // whitelist strips every environment variable the class does not declare.
  const errors = validateSync(config, { whitelist: true, stopAtFirstError: true });
  if (errors.length > 0) {
    throw new ConfigValidationError(
      errors.map(
        (error) =>
          `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')} (${describeValue(error.property, defined[error.property])})`,
      ),
    );
  }
  return config;
}
