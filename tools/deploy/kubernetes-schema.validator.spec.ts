import { validateKubernetesDocument } from './kubernetes-schema.validator';

const deployment = () => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'gateway' },
  spec: {
    selector: { matchLabels: { app: 'gateway' } },
    template: {
      metadata: { labels: { app: 'gateway' } },
      spec: {
        containers: [{ name: 'gateway', image: 'memories/gateway:1', ports: [{ name: 'http', containerPort: 3000 }] }],
      },
    },
  },
});

describe('validateKubernetesDocument', () => {
  it('accepts a valid Deployment', () => {
    expect(validateKubernetesDocument(deployment())).toEqual([]);
  });

  it('rejects a port given as a string where the API wants an integer', () => {
    const broken = deployment();
    (broken.spec.template.spec.containers[0].ports[0] as { containerPort: unknown }).containerPort = '3000';
    expect(validateKubernetesDocument(broken)).toEqual([
      expect.stringMatching(/^Deployment\/gateway: .*containerPort must be integer/),
    ]);
  });

  it('rejects a Deployment without its required selector', () => {
    const { selector: _selector, ...spec } = deployment().spec;
    expect(validateKubernetesDocument({ ...deployment(), spec })).toEqual([
      'Deployment/gateway: data/spec must have required property selector',
    ]);
  });

  it('rejects a kind the API group does not have', () => {
    expect(validateKubernetesDocument({ ...deployment(), kind: 'Deploymnet' })).toEqual([
      'Deploymnet/gateway: unknown kind Deploymnet in apps/v1',
    ]);
  });

  it('rejects an enum value the API does not know', () => {
    const service = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'x' },
      spec: { type: 'Internal', ports: [{ port: 80 }] },
    };
    expect(validateKubernetesDocument(service)).toEqual([expect.stringContaining('Service/x')]);
  });

  it('reads Secret data as the API server does, line breaks skipped, and still rejects what is not base64', () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db' },
      data: { URL: 'cG9zdGdyZXM6Ly9\nhQGI6NTQzMi9j' },
    };
    expect(validateKubernetesDocument(secret)).toEqual([]);
    expect(validateKubernetesDocument({ ...secret, data: { URL: 'postgres://a@b:5432/c' } })).toEqual([
      expect.stringContaining('must match format "byte"'),
    ]);
  });

  it('rejects a document that is not a mapping', () => {
    expect(validateKubernetesDocument(['kind: Service'])).toEqual(['a Kubernetes document must be a mapping']);
  });
});
