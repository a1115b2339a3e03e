import type { Compiler, RuntimeModule } from 'webpack';

// webpack's own runtime module for the share scope (`__webpack_require__.S` and `.I`), not exported by its API.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebpackShareRuntimeModule: new () => RuntimeModule = require('webpack/lib/sharing/ShareRuntimeModule');

/**
 * Leaves webpack's own share-scope runtime out of a chunk that has Module Federation's. The federation plugin adds its
 * runtime for the share scope, and by asking for `__webpack_require__.S` it makes webpack add webpack's as well; the
 * federation runtime, which comes after it, replaces everything webpack's defines. So webpack's was dead code: in the
 * shell's entry, a second table of every shared module and how to load it (9 KB, 1.2 KiB gzip on every first load;
 * docs/performance.md). A known gap of the federation plugin (module-federation/core#1639, "there will be two
 * ShareRuntimeModule").
 */
export class OneShareRuntimePlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(OneShareRuntimePlugin.name, (compilation) => {
      compilation.hooks.afterRuntimeRequirements.tap(OneShareRuntimePlugin.name, () => {
        const { chunkGraph } = compilation;
        for (const chunk of compilation.chunks) {
          const sharing = [...chunkGraph.getChunkRuntimeModulesIterable(chunk)].filter(
            (module) => module.name === 'sharing',
          );
          const webpacks = sharing.filter((module) => module instanceof WebpackShareRuntimeModule);
          // Only where the federation's own is there to replace it.
          if (webpacks.length === sharing.length) continue;
          for (const module of webpacks) chunkGraph.disconnectChunkAndRuntimeModule(chunk, module);
        }
      });
    });
  }
}
