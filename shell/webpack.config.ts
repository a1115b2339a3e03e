import { createWebpackConfig } from '../tools/webpack/create-webpack-config';

export default createWebpackConfig({ kind: 'host', name: 'shell', projectRoot: __dirname });
