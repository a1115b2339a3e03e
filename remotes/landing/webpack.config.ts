import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'landing',
  projectRoot: __dirname,
  exposes: {
    './LandingPage': './src/landing-page/LandingPage.tsx',
  },
});
