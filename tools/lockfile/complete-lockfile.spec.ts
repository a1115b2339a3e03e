import { completeLockfile, platformOf } from './complete-lockfile';

describe('platformOf', () => {
  it.each([
    ['@swc/core-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@swc/core-win32-ia32-msvc', { os: ['win32'], cpu: ['ia32'] }],
    ['@swc/core-linux-arm-gnueabihf', { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
    ['@unrs/resolver-binding-linux-riscv64-musl', { os: ['linux'], cpu: ['riscv64'], libc: ['musl'] }],
    ['@rspack/binding-wasm32-wasi', { cpu: ['wasm32'] }],
  ])('reads the platform of %s from its name', (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });

  it('refuses a name that states no platform', () => {
    expect(platformOf('left-pad')).toBeUndefined();
  });
});

describe('completeLockfile', () => {
  it('records missing optional platform packages beside the installed one, keeping the dev flag', () => {
    const lock = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/@swc/core': {
          version: '1.0.0',
          dev: true,
          optionalDependencies: { '@swc/core-linux-x64-gnu': '1.0.0', '@swc/core-darwin-arm64': '1.0.0' },
        },
        'node_modules/@swc/core-linux-x64-gnu': { version: '1.0.0', dev: true, optional: true },
      },
    };
    expect(completeLockfile(lock)).toEqual(['node_modules/@swc/core-darwin-arm64']);
    expect(lock.packages).toHaveProperty(['node_modules/@swc/core-darwin-arm64'], {
      version: '1.0.0',
      dev: true,
      optional: true,
      os: ['darwin'],
      cpu: ['arm64'],
    });
    expect(completeLockfile(lock)).toEqual([]);
  });

  it('fails loudly for a missing optional dependency that is not a platform build', () => {
    const lock = {
      packages: { '': {}, 'node_modules/a': { version: '1.0.0', optionalDependencies: { fsevents: '^2.0.0' } } },
    };
    expect(() => completeLockfile(lock)).toThrow(/fsevents/);
  });
});
