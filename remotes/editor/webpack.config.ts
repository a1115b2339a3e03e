import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'editor',
  projectRoot: __dirname,
  exposes: {
    './EditorPage': './src/editor-page/index.ts',
    './TemplateEditorPage': './src/template-page/TemplateEditorPage.tsx',
  },
});
