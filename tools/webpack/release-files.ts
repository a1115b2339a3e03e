import type { RemoteReleaseMetaData } from '@memories/contracts';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

type ManifestOptions = Exclude<
  ConstructorParameters<typeof ModuleFederationPlugin>[0]['manifest'],
  boolean | undefined
>;
type AdditionalData = NonNullable<ManifestOptions['additionalData']>;

/** A file of the build the browser may load: content-hashed, not a source map, not a precompressed copy. */
const isReleaseFile = (name: string, info: { immutable?: boolean; development?: boolean; compressed?: boolean }) =>
  info.immutable === true && !info.development && !info.compressed && !name.endsWith('.map');

/**
 * Lists in a remote's mf-manifest.json (`metaData.releaseFiles`) every content-hashed file of its build, so the
 * shell's service worker keeps the whole release (RemoteReleaseMetaData). The manifest plugin copies `metaData`
 * from the stats as it is, which is what its `additionalData` hook is for.
 */
export const addReleaseFiles: AdditionalData = ({ stats, compilation }) => {
  const releaseFiles = compilation
    .getAssets()
    .filter(({ name, info }) => isReleaseFile(name, info))
    .map(({ name }) => name)
    .sort();
  const metaData: RemoteReleaseMetaData = { releaseFiles };
  Object.assign(stats.metaData, metaData);
  return stats;
};
