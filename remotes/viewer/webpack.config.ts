// Build tooling, not app code: the one shared webpack factory lives in tools/, outside the project graph's libs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'viewer',
  projectRoot: __dirname,
  exposes: {
    './ViewerPage': './src/viewer-page/ViewerPage.tsx',
  },
});
