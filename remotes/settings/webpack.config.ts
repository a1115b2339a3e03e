import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'settings',
  projectRoot: __dirname,
  exposes: {
    './SettingsPage': './src/settings-page/SettingsPage.tsx',
  },
});
