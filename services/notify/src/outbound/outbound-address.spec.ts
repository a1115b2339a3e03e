import { OutboundAddressRefused, resolveOutboundTarget, type HostResolver } from './outbound-address';

const resolvingTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const unresolvable: HostResolver = async () => {
  throw new Error('ENOTFOUND');
};

async function refusal(url: string, allowed: string[] = [], resolve: HostResolver = unresolvable) {
  return resolveOutboundTarget(url, allowed, resolve).then(
    () => undefined,
    (error: unknown) => (error instanceof OutboundAddressRefused ? error.reason : error),
  );
}

describe('resolveOutboundTarget', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/hook'],
    ['loopback elsewhere in 127/8', 'http://127.8.9.10/hook'],
    ['loopback written as one number', 'http://2130706433/hook'],
    ['IPv6 loopback', 'http://[::1]:8080/hook'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['10/8', 'https://10.1.2.3/hook'],
    ['172.16/12', 'https://172.20.0.5/hook'],
    ['192.168/16', 'https://192.168.1.10/hook'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['link-local', 'http://169.254.10.10/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['unique-local', 'http://[fd12:3456::1]/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['multicast', 'http://224.0.0.1/'],
    ['documentation', 'http://192.0.2.10/'],
  ])('refuses %s (%s) without resolving anything', async (_name, url) => {
    const resolve = jest.fn(unresolvable);

    await expect(refusal(url, [], resolve)).resolves.toBe('not-public');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a host name that resolves to a private address, and one with any private address among public ones', async () => {
    await expect(refusal('https://hooks.example.com/x', [], resolvingTo('10.0.0.7'))).resolves.toBe('not-public');
    await expect(refusal('https://hooks.example.com/x', [], resolvingTo('93.184.215.14', '127.0.0.1'))).resolves.toBe(
      'not-public',
    );
  });

  it('refuses a host name that does not resolve, and what is not an http(s) URL without credentials', async () => {
    await expect(refusal('https://nowhere.example/x')).resolves.toBe('unresolvable');
    for (const url of ['ftp://93.184.215.14/', 'file:///etc/passwd', 'not a url', 'http://me:pw@93.184.215.14/']) {
      await expect(refusal(url)).resolves.toBe('not-http');
    }
  });

  it('accepts a public address and pins the first address the name resolved to', async () => {
    const target = await resolveOutboundTarget(
      'https://hooks.example.com/x',
      [],
      resolvingTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'),
    );

    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.href).toBe('https://hooks.example.com/x');
  });

  it('lets WEBHOOK_ALLOWED_HOSTS allow a host on every port, or on one port only', async () => {
    await expect(resolveOutboundTarget('http://127.0.0.1:9000/x', ['127.0.0.1'])).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(
      resolveOutboundTarget('http://receiver.lan/x', ['receiver.lan:80'], resolvingTo('192.168.1.20')),
    ).resolves.toMatchObject({ address: '192.168.1.20' });
    await expect(refusal('http://127.0.0.1:9001/x', ['127.0.0.1:9000'])).resolves.toBe('not-public');
    await expect(refusal('https://receiver.lan/x', ['receiver.lan:80'], resolvingTo('192.168.1.20'))).resolves.toBe(
      'not-public',
    );
  });
});
