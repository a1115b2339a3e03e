import { HEALTH_CHECK_SUBJECTS, SERVICE_NAMES, subjectOf } from './subjects';

describe('bus subjects', () => {
  it('gives every service a health-check subject of the form <service>.health.check', () => {
    for (const service of SERVICE_NAMES) {
      expect(HEALTH_CHECK_SUBJECTS[service]).toBe(`${service}.health.check`);
    }
  });

  it('builds subjects in the <service>.<entity>.<verb> shape', () => {
    expect(subjectOf('memory', 'memory', 'deleted')).toBe('memory.memory.deleted');
  });

  it('rejects parts that would break the dotted shape', () => {
    expect(() => subjectOf('memory', 'memory.x', 'list')).toThrow('Invalid bus subject part');
    expect(() => subjectOf('auth', 'users', 'Create')).toThrow('Invalid bus subject part');
  });
});
