/**
 * Reads, from the source code itself, what each deployed service needs: the environment variables its config class
 * declares (through its whole `extends` chain, down to nest-common's ServerConfig), which of them have a default,
 * its default PORT, and the paths of the health endpoints. The deployment checks compare compose and the Kubernetes
 * manifests against this, so a variable someone adds to a config class fails `npm test` until the deployments set it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as contracts from '@memories/contracts';
import type { BackendService } from './deploy-topology';
import { backendServices, keptCodeDefaults, pinnedEnvironment, repoRoot, settingAgreements } from './deploy-topology';

export interface ConfigVariable {
  name: string;
  /** The class that declares it (the most derived one when a subclass overrides a default). */
  declaredIn: string;
  /** The initializer's source text (`3001`, `'log'`), when the variable has a default. */
  defaultText?: string;
  /** `@IsOptional()`: may stay unset. */
  optional: boolean;
  /** `@ValidateIf(...)`: required only in some modes (e.g. the S3 settings with STORAGE_DRIVER=s3). */
  conditional: boolean;
}

interface ConfigClass {
  name: string;
  file: string;
  extendsName?: string;
  variables: ConfigVariable[];
}

/** Where config classes live: each service's `src/config/*.config.ts` and nest-common's config folder. */
export function configSourceFiles(root = repoRoot): string[] {
  const inFolder = (folder: string, pattern: RegExp) => {
    try {
      return readdirSync(path.join(root, folder))
        .filter((file) => pattern.test(file) && !file.endsWith('.spec.ts'))
        .map((file) => path.join(root, folder, file));
    } catch {
      return [];
    }
  };
  const services = readdirSync(path.join(root, 'services')).flatMap((service) =>
    inFolder(`services/${service}/src/config`, /\.config\.ts$/),
  );
  return [...services, ...inFolder('libs/server/nest-common/src/config', /\.ts$/)];
}

const decoratorNames = (node: ts.PropertyDeclaration): string[] =>
  (ts.getDecorators(node) ?? []).flatMap((decorator) => {
    const expression = decorator.expression;
    const callee = ts.isCallExpression(expression) ? expression.expression : expression;
    return ts.isIdentifier(callee) ? [callee.text] : [];
  });

function readClasses(file: string): ConfigClass[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.filter(ts.isClassDeclaration).flatMap((declaration) => {
    if (!declaration.name) return [];
    const heritage = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
      ?.types[0]?.expression;
    const variables = declaration.members.filter(ts.isPropertyDeclaration).flatMap((member): ConfigVariable[] => {
      if (!ts.isIdentifier(member.name) || !/^[A-Z][A-Z0-9_]*$/.test(member.name.text)) return [];
      const decorators = decoratorNames(member);
      return [
        {
          name: member.name.text,
          declaredIn: declaration.name?.text ?? '?',
          defaultText: member.initializer?.getText(source),
          optional: decorators.includes('IsOptional'),
          conditional: decorators.includes('ValidateIf'),
        },
      ];
    });
    return [
      {
        name: declaration.name.text,
        file,
        extendsName: heritage && ts.isIdentifier(heritage) ? heritage.text : undefined,
        variables,
      },
    ];
  });
}

/** Every config class of the repository by name. */
export function readConfigClasses(files = configSourceFiles()): Map<string, ConfigClass> {
  return new Map(files.flatMap(readClasses).map((configClass) => [configClass.name, configClass]));
}

/** The variables of a class and of every class it extends; a subclass's declaration wins (e.g. PORT's default). */
export function variablesOf(className: string, classes = readConfigClasses()): ConfigVariable[] {
  const chain: ConfigClass[] = [];
  for (
    let current = classes.get(className);
    current;
    current = current.extendsName ? classes.get(current.extendsName) : undefined
  ) {
    chain.push(current);
  }
  if (chain.length === 0) throw new Error(`config class ${className} not found`);
  const byName = new Map<string, ConfigVariable>();
  for (const configClass of chain.reverse()) {
    for (const variable of configClass.variables) {
      const inherited = byName.get(variable.name);
      // An override without decorators (`override PORT = 3001`) keeps the base's validation flags.
      byName.set(
        variable.name,
        inherited && !variable.optional && !variable.conditional
          ? { ...inherited, ...variable, optional: inherited.optional, conditional: inherited.conditional }
          : variable,
      );
    }
  }
  return [...byName.values()];
}

/**
 * The config class a service validates its environment with: the class its `src/config/*.config.ts` exports that
 * extends another.
 */
export function serviceConfigClassName(service: Pick<BackendService, 'dir'>, root = repoRoot): string {
  const files = readdirSync(path.join(root, service.dir, 'src', 'config')).filter(
    (file) => /\.config\.ts$/.test(file) && !file.endsWith('.spec.ts'),
  );
  const candidates = files
    .flatMap((file) => readClasses(path.join(root, service.dir, 'src', 'config', file)))
    .filter((configClass) => configClass.extendsName);
  if (candidates.length !== 1)
    throw new Error(
      `${service.dir}: expected one config class, found ${candidates.map((candidate) => candidate.name).join(', ') || 'none'}`,
    );
  return candidates[0].name;
}

/** What the code says a service needs: its variables and its default port. */
export function serviceConfiguration(service: Pick<BackendService, 'dir'>, classes = readConfigClasses()) {
  const variables = variablesOf(serviceConfigClassName(service), classes);
  const port = Number(variables.find((variable) => variable.name === 'PORT')?.defaultText);
  return { variables, port };
}

/** The liveness and readiness paths, from nest-common's health controller (`@Controller('health')`, `@Get('live')`). */
export function healthPathsInCode(root = repoRoot): { live: string; ready: string } {
  const text = readFileSync(path.join(root, 'libs/server/nest-common/src/health/health.controller.ts'), 'utf8');
  const base = /@Controller\('([^']+)'\)/.exec(text)?.[1];
  const routes = [...text.matchAll(/@Get\('([^']+)'\)/g)].map((match) => match[1]);
  const find = (name: string) =>
    base && routes.includes(name) ? `/${base}/${name}` : `(no ${name} route in the health controller)`;
  return { live: find('live'), ready: find('ready') };
}

/**
 * The problems of one deployed service's environment against its code: every variable its config class declares is
 * set (unless `keptCodeDefaults` says why the default stays), nothing is set that the class does not read (the
 * validation strips unknown names silently, so a misspelt one would be ignored), the pinned values hold, and PORT
 * is the code's own default for that service.
 */
export function checkServiceEnvironment(
  owner: string,
  service: BackendService,
  environment: ReadonlyMap<string, string | undefined>,
  classes = readConfigClasses(),
): string[] {
  const { variables, port } = serviceConfiguration(service, classes);
  const className = serviceConfigClassName(service);
  const kept = keptCodeDefaults[service.name];
  const declared = new Set(variables.map((variable) => variable.name));
  const problems = [
    ...variables
      .filter((variable) => !(variable.name in kept) && !environment.has(variable.name))
      .map((variable) => `${owner}: environment lacks ${variable.name} (read by ${variable.declaredIn})`),
    ...[...environment.keys()]
      .filter((name) => !declared.has(name))
      .map((name) => `${owner}: sets ${name}, which ${className} does not read`),
    ...Object.entries(pinnedEnvironment)
      .filter(([name, value]) => environment.get(name) !== value)
      .map(([name, value]) => `${owner}: ${name} must be ${value}`),
  ];
  if (port !== service.port)
    problems.push(`${owner}: the topology says port ${service.port}, ${className} defaults to ${port}`);
  if (environment.get('PORT') !== String(port))
    problems.push(`${owner}: PORT must be ${port} (${className}'s default)`);
  return problems;
}

/** A default's value from its source text: a literal, or a constant of @memories/contracts (`DEFAULT_JWT_ISSUER`). */
export function defaultValueOf(defaultText: string | undefined): string | undefined {
  if (defaultText === undefined) return undefined;
  const literal = /^(['"`])(.*)\1$/s.exec(defaultText);
  if (literal) return literal[2];
  if (/^(-?\d+(\.\d+)?|true|false)$/.test(defaultText)) return defaultText;
  const constant: unknown = (contracts as Record<string, unknown>)[defaultText];
  return typeof constant === 'string' || typeof constant === 'number' ? String(constant) : `(default ${defaultText})`;
}

/**
 * `settingAgreements` against one deployment: what each member service ends up with (its set value, else its code
 * default) agrees with the others, or is the required value. `environments` holds each deployed service's
 * environment by service name; a value known by name only (an out-of-band Secret) is not compared.
 */
export function checkSettingAgreements(
  environments: ReadonlyMap<string, ReadonlyMap<string, string | undefined>>,
  ownerOf: (service: string) => string,
  classes = readConfigClasses(),
): string[] {
  return settingAgreements.flatMap(({ members, value, why }) => {
    const problems: string[] = [];
    const found: { member: string; value: string }[] = [];
    for (const { service, variable } of members) {
      const spec = backendServices.find((candidate) => candidate.name === service);
      const environment = environments.get(service);
      if (!spec || !environment) continue;
      const declared = serviceConfiguration(spec, classes).variables.find((candidate) => candidate.name === variable);
      if (!declared) {
        problems.push(
          `${ownerOf(service)}: ${variable} must agree (${why}), but ${serviceConfigClassName(spec)} does not read it`,
        );
        continue;
      }
      const set = environment.get(variable);
      if (environment.has(variable) && set === undefined) continue;
      found.push({
        member: `${ownerOf(service)} ${variable}`,
        value: set !== undefined && set !== '' ? set : (defaultValueOf(declared.defaultText) ?? '(unset)'),
      });
    }
    const shown = (text: string) => (text === '' ? '(empty)' : text);
    if (value !== undefined) {
      problems.push(
        ...found
          .filter((entry) => entry.value !== value)
          .map((entry) => `${entry.member} must be ${value} (${why}), found ${shown(entry.value)}`),
      );
    } else if (new Set(found.map((entry) => entry.value)).size > 1) {
      problems.push(
        `${found.map((entry) => `${entry.member} = ${shown(entry.value)}`).join(', ')}: must be one value (${why})`,
      );
    }
    return problems;
  });
}
