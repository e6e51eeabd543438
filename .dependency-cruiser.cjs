/**
 * The dependency rules of the project, checked by `npm run lint` (and so by
 * `npm test` and CI): no module and no folder may import something that
 * imports it back.
 *
 * @example
 * npx depcruise src conformance bin --config .dependency-cruiser.cjs
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-modules',
      severity: 'error',
      comment: 'A module that imports one that imports it back.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment: 'A folder that imports a folder that imports it back: layers point one way.',
      from: {},
      to: { circular: true },
    },
    {
      // The folder graph leaves out a folder's own subfolders, so the rule above
      // cannot see a subfolder that imports its parent back; this one does.
      name: 'no-circular-folders-nested',
      severity: 'error',
      comment:
        'A module that imports its parent folder: the parent uses its subfolders, so they may not use it back.',
      from: { path: '^(.+)/[^/]+/[^/]+$' },
      to: { path: '^$1/[^/]+$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their helpers sit beside the code they test and may use any layer:
    // they are consumers of the layers, not part of them.
    exclude: { path: ['node_modules', '\\.test\\.ts$', '/test-utils/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
}
