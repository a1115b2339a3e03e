import { ErrorCode, NatsError } from 'nats';
import { explainConnectionFailure, natsConnectionOptions, natsSecurityFrom } from './nats-connection.options';

describe('the NATS connection options of a part', () => {
  it('sign in as the part and read its replies in its own inbox', () => {
    const options = natsConnectionOptions({ user: 'gateway', password: 's3cret' });

    expect(options).toMatchObject({ user: 'gateway', pass: 's3cret', inboxPrefix: '_INBOX.gateway' });
    expect(options.tls).toBeUndefined();
  });

  it('ask for TLS with a tls:// URL or any TLS file, and pass the files on', () => {
    const security = natsSecurityFrom({ NATS_URL: 'nats://a:4222,tls://b:4222', NATS_TLS_CA: '/etc/nats/ca.pem' });

    expect(natsConnectionOptions(security).tls).toEqual({ caFile: '/etc/nats/ca.pem' });
    expect(natsConnectionOptions({ tlsCertFile: '/c.pem', tlsKeyFile: '/k.pem' }).tls).toEqual({
      certFile: '/c.pem',
      keyFile: '/k.pem',
    });
    expect(natsConnectionOptions({ tls: true }).tls).toEqual({});
  });

  it('leave an open local nats-server as it was: no credentials, the shared inbox, reconnection forever', () => {
    expect(natsConnectionOptions(natsSecurityFrom({ NATS_URL: 'nats://127.0.0.1:4222' }))).toEqual({
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      reconnectJitter: 100,
      waitOnFirstConnect: true,
      noAsyncTraces: true,
    });
  });
});

describe('a first connection NATS refused', () => {
  it('names the settings to check, and leaves other failures as they were', () => {
    const refused = NatsError.errorForCode(ErrorCode.AuthorizationViolation);
    const unreachable = NatsError.errorForCode(ErrorCode.ConnectionRefused);

    expect(String(explainConnectionFailure(refused, { user: 'memory', password: 'x' }))).toBe(
      'Error: NATS refused to sign this process in as "memory": check NATS_USER and NATS_PASSWORD against the NATS server\'s users.',
    );
    expect(String(explainConnectionFailure(refused))).toContain('without a user (NATS_USER is not set)');
    expect(explainConnectionFailure(unreachable)).toBe(unreachable);
  });
});
