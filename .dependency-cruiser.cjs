/**
 * Which way imports run (docs/architecture.md), checked by `npm run lint`. The rules are written
 * once, as the tables below; every rule dependency-cruiser applies is derived from them.
 */

/**
 * The browser-side floors of src/, top to bottom: a folder imports only floors below its own, never sideways.
 * Under them all, src/generated/ (what npm run gen writes), which every floor may import.
 */
// biome-ignore format: one floor a line, as docs/architecture.md draws them.
const floors = [
  ['render', 'client'],
  ['runtime'],
  ['blocks', 'layout', 'forms', 'dialogs'],
  ['ui'],
  ['theme'],
  ['content'],
];

/** Imports the floors allow or forbid beyond "down only": [from, to, why]. */
const allowedBeyondFloors = [
  ['dialogs', 'forms', 'a dialog holds its form'],
  ['dialogs', 'runtime', "a dialog opens in a React root of its own, inside the page's providers"],
];
const forbiddenDown = [
  ...['blocks', 'layout', 'forms', 'dialogs'].map((to) => [
    'runtime',
    to,
    'the machinery frames whatever it is given and knows no component',
  ]),
  ['render', 'forms', 'forms load in the browser when a dialog opens; the page renders none'],
  ['render', 'dialogs', 'dialogs load in the browser when one opens; the page renders none'],
  ['client', 'blocks', 'the browser reaches a block only through src/generated/islands.ts'],
  ['client', 'layout', 'the browser reaches the layout only through src/generated/islands.ts'],
  ['client', 'forms', 'forms load with their dialog'],
];

/** Node-side folders of scripts/ and what each may never import, with why. */
const scriptBoundaries = {
  'site-server': [
    ['editor', 'gen', 'vite', 'bench', 'tooling'],
    'the production server runs from a production install, with none of the tools',
  ],
  content: [
    ['site-server', 'editor', 'publish', 'gen', 'vite', 'bench', 'build', 'tooling'],
    'the content model is the floor every command stands on',
  ],
  build: [['editor', 'gen', 'bench'], 'the build uses the content model and the renderer, not the tools around them'],
  gen: [['site-server', 'editor', 'vite', 'bench', 'build'], 'the generators read schemas and definitions only'],
  vite: [['site-server', 'editor', 'gen', 'bench'], 'the Vite plugins serve pages in development only'],
  editor: [['gen', 'bench'], 'the editor edits content; it generates nothing'],
  publish: [['site-server', 'editor', 'gen', 'vite', 'bench', 'build'], 'publishing is git and the content model; the editor calls it'],
  text: [
    ['site-server', 'editor', 'publish', 'gen', 'vite', 'bench', 'build', 'tooling', 'content', 'threads'],
    'how text people typed reaches other people (line breaks, hidden characters, secrets) is the floor: it needs nothing else',
  ],
  pictures: [
    ['site-server', 'editor', 'publish', 'gen', 'vite', 'bench', 'build', 'tooling', 'content', 'threads'],
    'what is done to a picture before anyone sees it (for the editor and the build alike) needs sharp alone',
  ],
  threads: [
    ['site-server', 'editor', 'publish', 'gen', 'vite', 'bench', 'build', 'tooling', 'content'],
    'starting a thread (for the server and the build alike) needs nothing else of the project',
  ],
};

const src = (folder) => `^src/${folder}/`;
const anyOf = (folders) => `^src/(${folders.join('|')})/`;

const floorRules = floors.flatMap((floor, level) =>
  floor.map((folder) => {
    const higherOrSame = floors
      .slice(0, level + 1)
      .flat()
      .filter((other) => other !== folder && !allowedBeyondFloors.some(([from, to]) => from === folder && to === other));
    return {
      name: `floor-${folder}`,
      comment: `src/${folder} may import only the floors below it (docs/architecture.md): never ${higherOrSame.map((other) => `src/${other}`).join(', ')}.`,
      severity: 'error',
      from: { path: src(folder) },
      to: { path: anyOf([...higherOrSame, 'editor']) },
    };
  }),
);

const exceptionRules = forbiddenDown.map(([from, to, why]) => ({
  name: `no-${from}-to-${to}`,
  comment: `src/${from} may not import src/${to}: ${why}.`,
  severity: 'error',
  from: { path: src(from) },
  to: { path: src(to) },
}));

const scriptRules = Object.entries(scriptBoundaries).map(([folder, [forbidden, why]]) => ({
  name: `scripts-${folder}`,
  comment: `scripts/${folder} may not import scripts/${forbidden.join(', scripts/')}: ${why}.`,
  severity: 'error',
  from: { path: `^scripts/${folder}/` },
  to: { path: `^scripts/(${forbidden.join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...floorRules,
    ...exceptionRules,
    ...scriptRules,
    {
      name: 'browser-stays-in-src',
      comment: 'Browser code imports nothing outside src/ (and src/ imports nothing of scripts/): settings reach it as data.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(scripts|tests|migrations)/' },
    },
    {
      name: 'registry-is-server-side',
      comment:
        "The block registry (src/generated/blocks.ts) is the renderer's: the browser gets src/generated/islands.ts, so static blocks never reach it.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(render|generated)/' },
      to: { path: '^src/generated/blocks\\.ts$' },
    },
    {
      name: 'no-circular-site-server',
      comment:
        "The site server's modules import one way, so each can be read from the ones below it: no import circle through scripts/site-server (the store's model and rules, store/submission.ts and store/rules.ts, are what notify/ and spam/ stand on).",
      severity: 'error',
      from: { path: '^scripts/site-server/' },
      to: { circular: true },
    },
    {
      name: 'store-engines-stay-in-store',
      comment:
        "notify/ and spam/ know the store by its model (store/submission.ts), its rules (store/rules.ts) and an address's key (store/email-key.ts), never by an engine's code.",
      severity: 'error',
      from: { path: '^scripts/site-server/(notify|spam)/' },
      to: { path: '^scripts/site-server/store/', pathNot: '^scripts/site-server/store/(submission|rules|email-key)\\.ts$' },
    },
    {
      name: 'scripts-not-editor-app',
      comment: "scripts/ never imports the editor's browser app (src/editor/): what the servers share with the browser is src/content/.",
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: src('editor') },
    },
    {
      name: 'content-stands-alone',
      comment:
        'src/content (the merge, the words, the titles and the shared types) runs in the browser and on the server alike: it imports only itself and src/generated, no other folder, package or Node module.',
      severity: 'error',
      from: { path: src('content') },
      to: { pathNot: anyOf(['content', 'generated']) },
    },
    {
      name: 'theme-is-the-floor',
      comment: 'src/theme imports nothing generated: it is the floor everything stands on.',
      severity: 'error',
      from: { path: src('theme') },
      to: { path: src('generated') },
    },
    {
      name: 'editor-asks-its-server',
      comment: 'The editor runs in the browser: it reaches the renderer through its API (scripts/editor/), never by import.',
      severity: 'error',
      from: { path: src('editor') },
      to: { path: anyOf(['render']) },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|tests/\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
