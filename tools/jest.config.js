// Jest for the tooling project: the deployment validators and whatever other tools test next to their code.
module.exports = {
  displayName: 'tools',
  preset: '../jest.preset.js',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.spec.ts'],
  // Rendering kustomize overlays shells out to kubectl, which takes a few seconds per overlay on two cores.
  testTimeout: 60_000,
};
