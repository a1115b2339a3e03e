import { backendServices, healthPaths, keptCodeDefaults } from './deploy-topology';
import {
  defaultValueOf,
  healthPathsInCode,
  readConfigClasses,
  serviceConfigClassName,
  serviceConfiguration,
  variablesOf,
} from './service-config.reader';

describe('what the code says each service needs', () => {
  const classes = readConfigClasses();

  it.each(backendServices.map((service) => [service.name, service] as const))(
    '%s: its config class, its default port, the variables it reads',
    (_name, service) => {
      const { variables, port } = serviceConfiguration(service, classes);

      expect(port).toBe(service.port);
      expect(variables.map((variable) => variable.name)).toEqual(
        expect.arrayContaining(['HOST', 'PORT', 'LOG_LEVEL', 'BUS_TRANSPORT', 'NATS_URL', 'BUS_TIMEOUT_MS']),
      );
      expect(variables.some((variable) => variable.name === 'DATABASE_URL')).toBe(service.needsDatabase);
      // Every kept default is a variable the code still reads, with a default, optional, or needed only in some modes
      // (the single sign-on client with OIDC_ISSUER).
      const kept = variables.filter((variable) => variable.name in keptCodeDefaults[service.name]);
      expect(kept.map((variable) => variable.name).sort()).toEqual(Object.keys(keptCodeDefaults[service.name]).sort());
      expect(
        kept.filter((variable) => variable.defaultText === undefined && !variable.optional && !variable.conditional),
      ).toEqual([]);
    },
  );

  it('reads a subclass default over the base one, and keeps the base validation flags', () => {
    const port = variablesOf(serviceConfigClassName({ dir: 'services/auth' }), classes).find(
      (variable) => variable.name === 'PORT',
    );
    expect(port).toMatchObject({ declaredIn: 'AuthConfig', defaultText: '3001', optional: false });
    const smtp = variablesOf('AuthConfig', classes).find((variable) => variable.name === 'SMTP_URL');
    expect(smtp).toMatchObject({ optional: true, defaultText: undefined });
    const endpoint = variablesOf('UploadConfig', classes).find((variable) => variable.name === 'S3_ENDPOINT');
    expect(endpoint).toMatchObject({ conditional: true });
  });

  it('finds the health routes the probes must ask', () => {
    expect(healthPathsInCode()).toEqual(healthPaths);
  });
});

describe('defaultValueOf', () => {
  it('reads literals and constants of @memories/contracts, and names what it cannot evaluate', () => {
    expect(defaultValueOf("'/api/files/'")).toBe('/api/files/');
    expect(defaultValueOf('900')).toBe('900');
    expect(defaultValueOf('DEFAULT_JWT_ISSUER')).toBe('memories-auth');
    expect(defaultValueOf('computeIssuer()')).toBe('(default computeIssuer())');
    expect(defaultValueOf(undefined)).toBeUndefined();
  });
});
