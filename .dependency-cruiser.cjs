const { builtinModules } = require('node:module')

/** A Node.js built-in, as dependency-cruiser names it (`fs`, `node:test`, `fs/promises`). */
const NODE_BUILTIN = `^(node:)?(${builtinModules.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`

/**
 * The layers of src/, from the ground up: a module may import its own layer and
 * those below it, never one above. `src/index.ts` (the package's root entry)
 * and `src/test-utils/` stand outside the layers; docs/development.md draws
 * this list (`test/layer-map.test.ts` compares them).
 */
const LAYERS = [
  ['spec', 'what the API spec states: schemas, routes, limits, header names, error codes, plans'],
  [
    'utils',
    'helpers of the language every layer uses: name records, the plain-object test, clip, showControls, countOf, numeric rules',
  ],
  ['errors', 'PetstoreError and its codes, ApiError, ConfigError, message formatting'],
  ['judge', "the kit's check catalogue and the rules that judge an answer (kit and proxy)"],
  ['base', 'what the petstore is built on: the HTTP kernel, options, parameter reading, the clock'],
  [
    'core',
    'the petstore: data, plans (keys and rate limits), simulation, journal, middleware, operations, proxy, OpenAPI document',
  ],
  ['control', 'the /__mock/ control plane: the admin and journal routes, the dashboard'],
  ['app', 'composes core and control: createApp, createPetstoreCore'],
  [
    'adapter',
    'the transports side by side: fetch (the Fetch interface), node (node:http, the undici upstream), msw (handlers, createPetstore)',
  ],
  ['client', 'petstore-mock/client: the control plane from another process'],
  ['cli', 'the petstore-mock command'],
]

/**
 * The layers of conformance/ (the kit), from the ground up, ruled as src/'s are.
 * Its two entries (`conformance/index.ts`, `conformance/vitest.ts`), the tests
 * of the kit against servers (`faults/`), `test-utils/` and `mutation/` stand
 * outside the layers; docs/development.md draws this list beside src/'s.
 */
const KIT_LAYERS = [
  [
    'model',
    "what a run knows: check selection, results and their collector, routes, curls, messages, the kit's model of the spec",
  ],
  [
    'transport',
    'the HTTP client (undici), the rate-limit pacer: how a request is sent, paced, counted and recorded',
  ],
  ['probes', 'the probes: the requests the kit sends and the checks they judge'],
  ['reporters', 'the reports: console, JSON, JUnit, HTML, GitHub'],
  ['run', 'runConformance, its clock and progress, the CLI: flags, options, report paths'],
]

/**
 * The layer of each top folder of `root`, and the folders a layer may not
 * import (every higher one).
 */
function layerRules(root, layers, prefix) {
  const names = layers.map(([name]) => name)
  return names.slice(0, -1).map((name, index) => ({
    name: `${prefix}-${name}-imports-only-lower`,
    severity: 'error',
    comment: `${root}/${name}/ may import only ${names.slice(0, index).join(', ') || 'itself'} beside itself: ${names.slice(index + 1).join(', ')} stand above it.`,
    from: { path: `^${root}/${name}/` },
    to: { path: `^${root}/(${names.slice(index + 1).join('|')})/` },
  }))
}

/** A rule that modules of `src/<folder>` import, of src/, only their own folder and `allowed` ones. */
function readsOnly(name, folder, allowed, comment) {
  return {
    name,
    severity: 'error',
    comment,
    from: { path: `^src/${folder}/` },
    to: { path: '^src/', pathNot: [`^src/(${[folder, ...allowed].join('|')})/`] },
  }
}

/**
 * The dependency rules of the project, checked by `npm run lint` (and so by
 * `npm test` and CI): no module and no folder may import something that
 * imports it back; the spec module is a leaf; the browser-safe entries reach
 * no Node.js built-in; the package never imports the conformance kit.
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
      name: 'spec-is-a-leaf',
      severity: 'error',
      comment:
        'src/spec holds what the API spec states; every layer reads it, so it imports nothing of theirs (packages such as zod are fine).',
      from: { path: '^src/spec/' },
      to: { pathNot: ['^src/spec/', '(^|/)node_modules/'] },
    },
    {
      name: 'browser-safe-entries',
      severity: 'error',
      comment:
        'The package entry (handlers, createPetstore) and petstore-mock/client run in browsers (docs/testing.md): nothing they load may need a Node.js built-in. Packages are not followed (doNotFollow), only our own modules.',
      from: { path: '^src/(index\\.ts$|client/)' },
      to: { path: NODE_BUILTIN, reachable: true },
    },
    {
      name: 'package-never-imports-the-kit',
      severity: 'error',
      comment:
        'The conformance kit tests the mock from outside: the package must not depend on it.',
      from: { path: '^src/' },
      to: { path: '^conformance/' },
    },
    ...layerRules('src', LAYERS, 'layer'),
    ...layerRules('conformance', KIT_LAYERS, 'kit-layer'),
    readsOnly(
      'utils-read-nothing',
      'utils',
      [],
      'src/utils holds helpers of the language (records, text, numbers): it imports nothing of the project, so any layer may use it.',
    ),
    readsOnly(
      'kernel-knows-no-domain',
      'base/http',
      ['spec', 'utils', 'errors', 'judge'],
      'src/base/http is the kernel (request, response, router, body reader): it reads the spec, the utils, the errors and the check ids of the judge, never a domain or app folder.',
    ),
    readsOnly(
      'openapi-reads-only-the-spec',
      'core/openapi',
      ['spec', 'utils', 'errors'],
      'The OpenAPI builder is given its examples, keys and forcible statuses: it reads only the spec module, the utils and the errors.',
    ),
    readsOnly(
      'judge-reads-only-spec-and-errors',
      'judge',
      ['spec', 'utils', 'errors'],
      'src/judge holds the rules that judge a response, shared by the conformance kit and the proxy: it reads the spec, the utils and the errors, never a transport, the kit or an app folder.',
    ),
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

// The layer map of docs/development.md is compared with this list; dependency-cruiser
// accepts no key of its own, so the list rides along unlisted.
Object.defineProperty(module.exports, 'LAYERS', { value: LAYERS, enumerable: false })
Object.defineProperty(module.exports, 'KIT_LAYERS', { value: KIT_LAYERS, enumerable: false })
