/** The deployed NATS settings: the parts' users and permissions as the bus grants them, monitoring kept inside. */
import { readFileSync } from 'node:fs';
import { deployedNatsConfigPath, expectedNatsConfig } from './nats-config';

const current = readFileSync(deployedNatsConfigPath, 'utf8');

describe('the deployed NATS settings', () => {
  it('sign every part in as its own user with the permissions of BUS_GRANTS (npx nx run tools:write-nats-config)', () => {
    expect(current).toBe(expectedNatsConfig(current));
  });

  it('answer monitoring on the server itself only, and take the 8 MB messages a memory at its cap needs', () => {
    expect(current).toMatch(/^http: 127\.0\.0\.1:8222$/m);
    expect(current).not.toMatch(/^http_port:/m);
    expect(current).toMatch(/^max_payload: 8MB$/m);
  });
});
