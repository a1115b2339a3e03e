import { validateComposeDocument } from './compose-schema.validator';

const compose = () => ({
  services: {
    nats: { image: 'nats:2.11-alpine', healthcheck: { test: ['CMD', 'true'], interval: '5s' } },
    gateway: { image: 'memories/gateway', depends_on: { nats: { condition: 'service_healthy' } } },
  },
});

describe('validateComposeDocument', () => {
  it('accepts a valid compose file', () => {
    expect(validateComposeDocument(compose())).toEqual([]);
  });

  it('rejects a misspelt key', () => {
    const broken = compose();
    (broken.services.nats.healthcheck as Record<string, unknown>).intervall = '5s';
    expect(validateComposeDocument(broken)).toContain(
      '/services/nats/healthcheck must NOT have additional properties (intervall)',
    );
  });

  it('rejects a depends_on condition compose does not know', () => {
    const broken = compose();
    broken.services.gateway.depends_on.nats.condition = 'service_ready';
    expect(validateComposeDocument(broken)).toContain(
      '/services/gateway/depends_on/nats/condition must be equal to one of the allowed values',
    );
  });
});
