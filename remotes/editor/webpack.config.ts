import { createWebpackConfig } from '../../tools/webpack/create-webpack-config';

export default createWebpackConfig({
  kind: 'remote',
  name: 'editor',
  projectRoot: __dirname,
  exposes: {
    './EditorPage': './src/editor-page/EditorPage.tsx',
    './TemplateEditorPage': './src/template-page/TemplateEditorPage.tsx',
  },
});
