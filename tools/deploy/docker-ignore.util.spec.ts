import { isDockerIgnored, parseDockerignore } from './docker-ignore.util';

describe('isDockerIgnored', () => {
  const rules = parseDockerignore(`# comment
**/node_modules
**/dist
k8s
.env.*
!.env.example
`);

  it('ignores folders matched at any depth, and everything below them', () => {
    expect(isDockerIgnored('services/auth/dist/main.js', rules)).toBe(true);
    expect(isDockerIgnored('node_modules/yaml/package.json', rules)).toBe(true);
    expect(isDockerIgnored('k8s/base/kustomization.yaml', rules)).toBe(true);
  });

  it('keeps paths no rule matches', () => {
    expect(isDockerIgnored('tools/deploy/nginx/shell.conf', rules)).toBe(false);
    expect(isDockerIgnored('services/auth/src/distance.ts', rules)).toBe(false);
  });

  it('lets a later negated rule re-include a path', () => {
    expect(isDockerIgnored('.env.production', rules)).toBe(true);
    expect(isDockerIgnored('.env.example', rules)).toBe(false);
  });
});
