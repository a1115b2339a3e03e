// Build tooling, not app code: the one shared webpack factory lives in tools/, outside the project graph's libs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'memories',
  projectRoot: __dirname,
  exposes: {
    './DashboardPage': './src/dashboard-page/DashboardPage.tsx',
    './ProfilePage': './src/profile-page/ProfilePage.tsx',
  },
});
