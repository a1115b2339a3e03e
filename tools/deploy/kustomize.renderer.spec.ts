import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findKustomizeTool, renderKustomization } from './kustomize.renderer';

describe('renderKustomization', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'kustomize-'));
  });

  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('finds a kustomize v5+ on PATH', () => {
    expect(['kubectl', 'kustomize']).toContain(findKustomizeTool().command);
  });

  it('renders a kustomization', () => {
    writeFileSync(
      path.join(directory, 'kustomization.yaml'),
      'configMapGenerator:\n  - name: settings\n    literals: [LOG_LEVEL=debug]\n    options: { disableNameSuffixHash: true }\n',
    );
    expect(renderKustomization(directory)).toContain('name: settings');
  });

  it("fails with kustomize's message when a resource is missing", () => {
    writeFileSync(path.join(directory, 'kustomization.yaml'), 'resources:\n  - missing.yaml\n');
    expect(() => renderKustomization(directory)).toThrow(/failed: .*missing\.yaml/s);
  });
});
