import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
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

/** The suffix of a variable that names a file holding the value (Docker and Kubernetes secrets). */
export const FILE_VARIABLE_SUFFIX = '_FILE';

/** The variables a config class declares: every property with a validation decorator (inherited ones included). */
function declaredVariables(configClass: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(configClass, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/**
 * `NAME_FILE=/run/secrets/x` stands for `NAME` with the file's content (without one final line break), for every
 * variable the class declares. Setting both is a mistake worth a clear message, as is a file that cannot be read.
 */
function readFileVariables(names: string[], defined: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const name of names) {
    const file = defined[`${name}${FILE_VARIABLE_SUFFIX}`];
    if (file === undefined) continue;
    if (defined[name] !== undefined) {
      problems.push(`${name}: set ${name} or ${name}${FILE_VARIABLE_SUFFIX}, not both`);
      continue;
    }
    try {
      const value = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
      if (value !== '') defined[name] = value;
    } catch (error) {
      problems.push(`${name}${FILE_VARIABLE_SUFFIX}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  return problems;
}

/**
 * Validates the environment against a config class at boot. Conversions are explicit (`@Type(() => Number)`,
 * `@Transform` for booleans) because implicit ones would turn "false" into true. Empty strings count as unset (as in a
 * `.env` file with `NAME=`), so defaults apply; any bad value fails with the variable's name and what was wrong. Each
 * variable may also come from a file (`NAME_FILE`, see readFileVariables).
 */
export function validateConfig<T extends object>(configClass: new () => T, env: Environment): T {
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') defined[name] = value;
  }
  const fileProblems = readFileVariables(declaredVariables(configClass), defined);
  if (fileProblems.length > 0) throw new ConfigValidationError(fileProblems);
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
