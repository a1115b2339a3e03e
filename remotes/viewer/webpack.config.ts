import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'viewer',
  projectRoot: __dirname,
  exposes: {
    './ViewerPage': './src/viewer-page/ViewerPage.tsx',
  },
});
