import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Compilation, sources, type Compiler } from 'webpack';

/** Text assets worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|json|html|css|svg)$/;
/** Below this, the compressed file saves less than a response header costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<asset>.br` (brotli, quality 11) and `<asset>.gz` (gzip -9) next to every text asset of a production build,
 * so a static server sends the smallest encoding the browser accepts without compressing on each request (the
 * standalone serves them through @fastify/static's `preCompressed`; nginx does the same with `gzip_static`). The
 * compression itself is zlib's; this only hands webpack's assets to it once, at the maximum levels a per-request
 * compressor could not afford.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PrecompressPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification and the manifest plugins, so the final bytes are compressed.
        { name: PrecompressPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const buffer = asset.buffer();
            if (buffer.length < MIN_BYTES) continue;
            const info = { compressed: true, immutable: compilation.getAsset(name)?.info.immutable };
            const brotli = brotliCompressSync(buffer, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli), info);
            compilation.emitAsset(
              `${name}.gz`,
              new sources.RawSource(gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION })),
              info,
            );
          }
        },
      );
    });
  }
}
