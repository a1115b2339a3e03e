import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'memories',
  projectRoot: __dirname,
  exposes: {
    './DashboardPage': './src/dashboard-page/DashboardPage.tsx',
    './ProfilePage': './src/profile-page/ProfilePage.tsx',
    './TimelinePage': './src/timeline-page/TimelinePage.tsx',
  },
});
