import { createWebpackConfig } from '../tools/webpack/create-webpack-config';
import { pwaWebpackPlugins } from './build/pwa-webpack-plugins';

const shellConfig = createWebpackConfig({ kind: 'host', name: 'shell', projectRoot: __dirname });

/** The shared web app configuration, plus what makes the production shell an installable, offline app. */
export default (...args: Parameters<typeof shellConfig>) => {
  const config = shellConfig(...args);
  return config.mode === 'production'
    ? { ...config, plugins: [...(config.plugins ?? []), ...pwaWebpackPlugins()] }
    : config;
};
