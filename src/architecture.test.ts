import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importedPath, projectAliases } from '#test/importPaths.ts';

/**
 * The import rules the folder tree stands for, checked on every source file: a lint rule that
 * fails the tests. Each rule names the folder it governs and the folders it may import from
 * (a type-only import of the server's router is how the client knows the API, so type-only
 * imports of the server are allowed to the client).
 */
type Rule = { name: string; from: string; mayImport: string[]; typesMayAlsoCome?: string[] };

const root = path.resolve(import.meta.dirname, '..');

const foldersIn = (folder: string): string[] =>
  fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}`);

/** A feature (or a room of one) imports only its own folder, the ones named, and what every feature may use: never another feature, nor the app shell. */
const featureRule = (
  folder: string,
  own: string[],
  name = 'a feature imports no other feature and not the app shell',
): Rule => ({
  name: `${name} (${folder})`,
  from: folder,
  mayImport: [...own, 'src/client/ui', 'src/client/api', 'src/client/trpc', 'src/shared', 'src/content'],
  typesMayAlsoCome: ['src/server'],
});

const platformRule: Rule = {
  name: 'platform imports no subject',
  from: 'src/server/platform',
  mayImport: ['src/server/platform', 'src/server/log', 'src/server/buildOutput', 'src/shared', 'src/content'],
  typesMayAlsoCome: ['src/server/config'],
};

const rules: Rule[] = [
  { name: 'content imports only content', from: 'src/content', mayImport: ['src/content'] },
  {
    name: 'shared code imports only shared code and content',
    from: 'src/shared',
    mayImport: ['src/shared', 'src/content'],
  },
  {
    name: 'the client never imports server code, except types',
    from: 'src/client',
    mayImport: ['src/client', 'src/shared', 'src/content'],
    typesMayAlsoCome: ['src/server'],
  },
  ...foldersIn('src/client/features').map((feature) => featureRule(feature, [feature])),
  // The dashboard's rooms (account, enquiries, content, staff) share only its common folder; the
  // dashboard itself (the folder's own files) composes them.
  ...foldersIn('src/client/features/admin').map((room) =>
    featureRule(
      room,
      room.endsWith('/common') ? [room] : [room, 'src/client/features/admin/common'],
      "a dashboard room imports only itself and the dashboard's common folder",
    ),
  ),
  {
    name: 'ui primitives import no feature and no page',
    from: 'src/client/ui',
    mayImport: ['src/client/ui', 'src/shared', 'src/content'],
  },
  // The one exception: the server renders pages through the client's own server entry.
  {
    name: 'the server never imports the client',
    from: 'src/server',
    mayImport: ['src/server', 'src/shared', 'src/content', 'src/client/entry-server'],
  },
  // The server's floor: what every subject may use, so no two subjects import each other for it.
  // Configuration and the log are read by all and belong to no subject.
  platformRule,
];

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

type Import = { specifier: string; typeOnly: boolean; dynamic: boolean };

function importsIn(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // Only `import type` vanishes from the build: verbatimModuleSyntax keeps `import { type A }` as `import {}`.
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: Boolean(node.importClause?.isTypeOnly),
        dynamic: false,
      });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const readSource = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

const importsOf = (file: string): Import[] => importsIn(file, readSource(file));

/** The project file or folder an import names, without its extension (`#server/config.ts` and `../config` alike); undefined for a package. */
const targetOf = (file: string, specifier: string) => importedPath(root, file, specifier)?.replace(/\.tsx?$/, '');

const inside = (file: string, folder: string) =>
  file === folder || file.startsWith(`${folder}/`) || file.startsWith(`${folder}.`);

/** The imports of one file that break a rule, as "file imports target (rule)". */
function brokenBy(rule: Rule, file: string, imports: Import[]): string[] {
  const broken: string[] = [];
  for (const { specifier, typeOnly } of imports) {
    const target = targetOf(file, specifier);
    if (target === undefined) continue;
    const allowed = [...rule.mayImport, ...(typeOnly ? (rule.typesMayAlsoCome ?? []) : [])];
    if (!allowed.some((folder) => inside(target, folder))) broken.push(`${file} imports ${target} (${rule.name})`);
  }
  return broken;
}

/** Every import that breaks a rule. */
const violations = (): string[] =>
  rules.flatMap((rule) => sourceFiles(rule.from).flatMap((file) => brokenBy(rule, file, importsOf(file))));

describe('import rules', () => {
  it('hold for every source file', () => {
    expect(violations()).toEqual([]);
  });

  it('take only `import type` as types: with verbatimModuleSyntax, `import { type A }` stays a runtime import', () => {
    expect(importsIn('a.ts', "import type { AppRouter } from './server';")).toEqual([
      { specifier: './server', typeOnly: true, dynamic: false },
    ]);
    expect(importsIn('a.ts', "import { type AppRouter } from './server';")).toEqual([
      { specifier: './server', typeOnly: false, dynamic: false },
    ]);
    expect(importsIn('a.ts', "export type { AppRouter } from './server';")).toEqual([
      { specifier: './server', typeOnly: true, dynamic: false },
    ]);
    expect(importsIn('a.ts', "export { type AppRouter } from './server';")).toEqual([
      { specifier: './server', typeOnly: false, dynamic: false },
    ]);
  });

  it('are probed: a subject planted in the platform is found', () => {
    const file = 'src/server/platform/plainPage.ts';
    const planted = "import { enquiryService } from '../modules/enquiries/service';";
    expect(brokenBy(platformRule, file, importsIn(file, planted))).toEqual([
      'src/server/platform/plainPage.ts imports src/server/modules/enquiries/service (platform imports no subject)',
    ]);
    // The same import through a subpath alias of package.json `imports` (decision 0061).
    const aliased = "import { enquiryService } from '#server/modules/enquiries/service.ts';";
    expect(brokenBy(platformRule, file, importsIn(file, aliased))).toEqual([
      'src/server/platform/plainPage.ts imports src/server/modules/enquiries/service (platform imports no subject)',
    ]);
    expect(brokenBy(platformRule, file, importsIn(file, "import type { Config } from '../config';"))).toEqual([]);
    expect(brokenBy(platformRule, file, importsIn(file, "import { loadConfig } from '../config';"))).toEqual([
      'src/server/platform/plainPage.ts imports src/server/config (platform imports no subject)',
    ]);
  });

  it('are checked: each rule governs files that exist', () => {
    for (const rule of rules) expect(sourceFiles(rule.from).length, rule.name).toBeGreaterThan(0);
  });
});

/** The source file an import names, with its extension. */
function resolveImport(file: string, specifier: string): string | undefined {
  const target = targetOf(file, specifier);
  if (target === undefined) return undefined;
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find(
    (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(path.join(root, candidate)),
  );
}

/** Every module that arrives with `file` in the browser: its static runtime imports, followed through every folder. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const { specifier, typeOnly, dynamic } of importsOf(file)) {
    if (typeOnly || dynamic) continue;
    const target = resolveImport(file, specifier);
    if (target) staticGraph(target, seen);
  }
  return seen;
}

describe('page data', () => {
  // Content a page receives with its HTML (client/app/pageDataLoaders.ts), and the shell's content
  // every page receives as site data (content/site.ts: the school's facts, menus, banner), must
  // not also reach the browser in a JavaScript chunk: only the renderer may load it; pages and the
  // shell import its types alone.
  const renderer = ['src/client/entry-server.tsx', 'src/client/app/pageDataLoaders.ts'];
  const servedAsData = importsOf('src/client/app/pageDataLoaders.ts')
    .filter(({ typeOnly }) => !typeOnly)
    .map(({ specifier }) => resolveImport('src/client/app/pageDataLoaders.ts', specifier))
    .filter((target): target is string => target?.startsWith('src/content/') ?? false);
  const siteContent = ['src/content/site.ts', 'src/content/school.ts', 'src/content/navigation.ts'];

  it('is loaded only by the renderer, never by code that runs in the browser', () => {
    expect(servedAsData).toEqual(expect.arrayContaining(siteContent));
    const leaks = sourceFiles('src/client')
      .filter((file) => !renderer.includes(file))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ typeOnly }) => !typeOnly)
          .map(({ specifier }) => resolveImport(file, specifier))
          .filter((target) => target !== undefined && servedAsData.includes(target))
          .map((target) => `${file} imports ${target}`),
      );
    expect(leaks).toEqual([]);
  });

  // Nor through another content module: the modules every page downloads with the shell, and each
  // content page with its own chunk, never reach them. The enquiry forms' pages state facts in
  // their own texts (contact.ts, admissionEnquiry.ts), the 404 page reads the page titles
  // (pages.ts), and the dashboard is no content page: they are not held to it.
  const notContentPages = ['ContactPage', 'AdmissionEnquiryPage', 'NotFoundPage', 'AdminPage'];
  const contentPages = sourceFiles('src/client/pages').filter(
    (file) => !notContentPages.some((page) => file.endsWith(`/${page}.tsx`)),
  );

  it.each(['src/client/entry-client.ts', 'src/client/hydrate.tsx', ...contentPages])(
    'never arrives in the browser with %s, by any chain of imports',
    (file) => {
      expect(contentPages.length).toBeGreaterThan(10);
      expect([...staticGraph(file)].filter((module) => servedAsData.includes(module))).toEqual([]);
    },
  );
});

describe('blog posts in Markdown', () => {
  // The renderer turns a post's Markdown into sanitised HTML (shared/content/markdown.ts, with
  // markdown-it and sanitize-html): the page data carries the HTML, and neither library may reach
  // the browser. Nor zod through the Picture every post's cover uses.
  const markdown = 'src/shared/content/markdown.ts';

  it('is read by the page data loaders alone', () => {
    const importers = [...sourceFiles('src/client'), ...sourceFiles('src/shared')].filter((file) =>
      importsOf(file).some(({ specifier, typeOnly }) => !typeOnly && resolveImport(file, specifier) === markdown),
    );
    expect(importers).toEqual(['src/client/app/pageDataLoaders.ts']);
  });

  it.each(['src/client/pages/BlogPage.tsx', 'src/client/pages/BlogPostPage.tsx', 'src/client/ui/Picture.tsx'])(
    'never arrives in the browser with %s, and no zod either',
    (file) => {
      const graph = [...staticGraph(file)];
      expect(graph).not.toContain(markdown);
      expect(graph).not.toContain('src/shared/zod.ts');
      expect(
        graph
          .flatMap((module) => importsOf(module).map(({ specifier }) => specifier))
          .filter((specifier) => /^(markdown-it|sanitize-html|zod)/.test(specifier)),
      ).toEqual([]);
    },
  );
});

describe('the school facts', () => {
  // The office publishes the phones, email, address and hours (decision 0032): every page, the
  // form pages and the 404 page included, gets them as site or page data. Only the dashboard,
  // which edits them, carries the starting ones (the schema's defaults).
  const startingFacts = 'src/content/schoolFacts.ts';
  const pages = sourceFiles('src/client/pages').filter((file) => !file.endsWith('/AdminPage.tsx'));

  it.each(['src/client/entry-client.ts', 'src/client/hydrate.tsx', ...pages])(
    'never arrive in the browser as code with %s',
    (file) => {
      expect(pages.length).toBeGreaterThan(10);
      expect(staticGraph(file).has(startingFacts)).toBe(false);
    },
  );
});

describe('the pages of the gallery, the team and the testimonials', () => {
  // Their photos come through Picture and their lists as page data: neither the schemas (zod,
  // some 24 KB gzip) nor the starting content may come along in the pages' chunks.
  it.each([
    'src/client/pages/GalleryPage.tsx',
    'src/client/pages/OurTeamPage.tsx',
    'src/client/pages/TestimonialsPage.tsx',
    'src/client/pages/HomePage.tsx',
  ])('bring no zod and no starting list to the browser with %s', (file) => {
    const graph = [...staticGraph(file)];
    // The gallery and the team show photos: the check follows Picture's imports too.
    if (!/Testimonials|Home/.test(file)) expect(graph).toContain('src/client/ui/Picture.tsx');
    expect(
      graph.filter(
        (module) =>
          module === 'src/shared/zod.ts' ||
          /^src\/(shared\/content\/(gallery|team|testimonials)|content\/(gallery|team|testimonials))\.ts$/.test(module),
      ),
    ).toEqual([]);
  });
});

/** Every production module's imports of project files, type-only ones included: what the compiler reads it with. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles('src')) {
    const targets = importsOf(file)
      .map(({ specifier }) => resolveImport(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each circle of imports once, as "a → b → … → a", found by a depth-first walk. */
function importCircles(graph: Map<string, string[]>): string[] {
  const circles = new Set<string>();
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const walk = (file: string) => {
    if (done.has(file)) return;
    if (onPath.has(file)) {
      const circle = path.slice(path.indexOf(file));
      // The same circle is met from any of its modules: named from its first module in sort order.
      const first = circle.indexOf([...circle].sort()[0]!);
      const turned = [...circle.slice(first), ...circle.slice(0, first)];
      circles.add([...turned, turned[0]].join(' → '));
      return;
    }
    onPath.add(file);
    path.push(file);
    for (const target of graph.get(file) ?? []) walk(target);
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) walk(file);
  return [...circles];
}

describe('modules', () => {
  // A circle, even of types alone, means two modules are one room with two doors: neither can be
  // read, tested or moved without the other.
  it('import no circle, type-only imports included', () => {
    expect(importCircles(importGraph())).toEqual([]);
  });

  it('are walked for circles: one made on purpose is found', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(graph)).toEqual(['a → b → c → a']);
  });

  // One declaration per fact: a second declaration of an exported type drifts from the first.
  it('declare each exported type name in one production file only', () => {
    const declaredIn = new Map<string, string[]>();
    for (const file of sourceFiles('src')) {
      const source = ts.createSourceFile(
        file,
        fs.readFileSync(path.join(root, file), 'utf8'),
        ts.ScriptTarget.Latest,
        false,
      );
      for (const statement of source.statements) {
        if (!ts.isTypeAliasDeclaration(statement) && !ts.isInterfaceDeclaration(statement)) continue;
        if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
        declaredIn.set(statement.name.text, [...(declaredIn.get(statement.name.text) ?? []), file]);
      }
    }
    expect(
      [...declaredIn].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`),
    ).toEqual([]);
  });
});

/** Lines of a module's text, the last line break aside. */
const lineCount = (text: string) => text.trimEnd().split('\n').length;

/** A hook past 150 lines holds more than one job: it is split by job (issue 36), each part a hook of its own. */
const MAX_HOOK_LINES = 150;

/** The hooks (client modules named use*.ts) longer than the limit, as "file: n lines". */
const longHooks = (hooks: Array<{ file: string; text: string }>) =>
  hooks
    .filter(({ text }) => lineCount(text) > MAX_HOOK_LINES)
    .map(({ file, text }) => `${file}: ${lineCount(text)} lines`);

describe('hooks', () => {
  const hooks = sourceFiles('src/client').filter((file) => /^use[A-Z]\w*\.ts$/.test(path.basename(file)));

  it('are found in every folder of the client', () => {
    expect(hooks).toContain('src/client/features/enquiry/useEnquiryForm.ts');
    expect(hooks).toContain('src/client/features/enquiry/outbox/useOutbox.ts');
  });

  it(`hold at most ${MAX_HOOK_LINES} lines each`, () => {
    expect(longHooks(hooks.map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') })))).toEqual(
      [],
    );
  });

  it('are probed: a hook one line too long is found, one at the limit is not', () => {
    const lines = (count: number) => `${Array.from({ length: count }, (_, line) => `// ${line}`).join('\n')}\n`;
    expect(
      longHooks([
        { file: 'useAtTheLimit.ts', text: lines(MAX_HOOK_LINES) },
        { file: 'useTooLong.ts', text: lines(MAX_HOOK_LINES + 1) },
      ]),
    ).toEqual([`useTooLong.ts: ${MAX_HOOK_LINES + 1} lines`]);
  });
});

/** A dashboard room past 20 modules holds more than one subject: what belongs to another goes to its room, or to common/ when several rooms use it (issue 36). */
const MAX_ROOM_MODULES = 20;

/** The rooms holding more production modules (.ts, .tsx; tests aside) than the limit, as "room: n modules". */
const overfullRooms = (rooms: Array<{ room: string; modules: string[] }>) =>
  rooms
    .filter(({ modules }) => modules.length > MAX_ROOM_MODULES)
    .map(({ room, modules }) => `${room}: ${modules.length} modules`);

describe('dashboard rooms', () => {
  const rooms = foldersIn('src/client/features/admin').map((room) => ({ room, modules: sourceFiles(room) }));

  it('are found, each with its modules and those of its subfolders', () => {
    expect(rooms.map(({ room }) => room)).toContain('src/client/features/admin/enquiries');
    expect(rooms.find(({ room }) => room.endsWith('/content'))?.modules).toContain(
      'src/client/features/admin/content/parts/editors.ts',
    );
  });

  it(`hold at most ${MAX_ROOM_MODULES} modules each`, () => {
    expect(overfullRooms(rooms)).toEqual([]);
  });

  it('are probed: a room of one module too many is found, one at the limit is not', () => {
    const modules = (count: number) => Array.from({ length: count }, (_, index) => `Module${index}.tsx`);
    expect(
      overfullRooms([
        { room: 'atTheLimit', modules: modules(MAX_ROOM_MODULES) },
        { room: 'tooFull', modules: modules(MAX_ROOM_MODULES + 1) },
      ]),
    ).toEqual([`tooFull: ${MAX_ROOM_MODULES + 1} modules`]);
  });
});

/** The server folder a module belongs to: a subject under modules/, or a folder of src/server; none for the root's files (the composition root, config, log). */
function serverFolderOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'src' || parts[1] !== 'server' || parts.length < 4) return undefined;
  return parts[2] === 'modules' && parts.length > 4 ? `modules/${parts[3]}` : parts[2];
}

/** Each pair of server folders that import each other, as "a ⇄ b" in sort order. */
function foldersImportingEachOther(graph: Map<string, string[]>): string[] {
  const edges = new Set<string>();
  for (const [file, targets] of graph) {
    const from = serverFolderOf(file);
    for (const target of targets) {
      const to = serverFolderOf(target);
      if (from && to && from !== to) edges.add(`${from} → ${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(' → ') as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to} → ${from}`))
    .map(([from, to]) => `${from} ⇄ ${to}`)
    .sort();
}

/**
 * A module's wiring assembles it: it hands the database to the module's repositories and runs no SQL,
 * so it may name the database's type (`import type` of storage/database), and nothing else of
 * storage or kysely (decision 0052).
 */
const handsOnTheDatabase = (file: string, target: string, typeOnly: boolean) =>
  path.basename(file) === 'wiring.ts' && target === 'src/server/storage/database' && typeOnly;

/**
 * The repositories another module's repository may use, for rows that must be written or read in the
 * same SQL as its own (decision 0062): an audit entry and a queued email, stored with the change or not
 * at all; an admission enquiry's place in the pipeline, stored with the enquiry and moved with a visit
 * or a follow-up; an enquiry's row as every list reads it, joined to the rows of the board or of a
 * person's data copy.
 */
const sharedRepositories = [
  'src/server/modules/audit/repository',
  'src/server/modules/mail/repository',
  'src/server/modules/enquiries/pipelineRepository',
  'src/server/modules/enquiries/rowsRepository',
  'src/server/modules/enquiries/listRepository',
];

/** The imports of one file under modules/ that break the module rules, as "file imports target (rule)". */
function moduleRuleBreaks(file: string, imports: Import[]): string[] {
  const own = file.split('/').slice(0, 4).join('/');
  const isRepository = /(^r|R)epository\.ts$/.test(path.basename(file));
  const broken: string[] = [];
  for (const { specifier, typeOnly } of imports) {
    const target = targetOf(file, specifier) ?? specifier;
    const refuse = (rule: string) => broken.push(`${file} imports ${target} (${rule})`);
    if (
      /(^r|R)outer\.ts$/.test(path.basename(file)) &&
      (/(\/r|R)epository$/.test(target) || inside(target, 'src/server/storage'))
    )
      refuse('no router imports a repository');
    const database =
      /^(kysely|better-sqlite3)(\/|$)/.test(target) ||
      (inside(target, 'src/server/storage') && !handsOnTheDatabase(file, target, typeOnly));
    if (database && !isRepository) refuse('only repositories import kysely or the database');
    if (
      inside(target, 'src/server/modules') &&
      !inside(target, own) &&
      !/^src\/server\/modules\/[^/]+\/service$/.test(target) &&
      !(isRepository && sharedRepositories.includes(target))
    )
      refuse('one module reaches another only through its service');
  }
  return broken;
}

/**
 * The routers a file builds callers of (`createCallerFactory(x)`): each as the file it imports the
 * router from, or as the argument's own text when that is no imported name (a router made on the spot).
 */
function callerRouters(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const importedFrom = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) importedFrom.set(element.name.text, statement.moduleSpecifier.text);
  }
  const routers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'createCallerFactory'
    ) {
      const [argument] = node.arguments;
      const specifier = argument && ts.isIdentifier(argument) ? importedFrom.get(argument.text) : undefined;
      routers.push(specifier ? (targetOf(file, specifier) ?? specifier) : (argument?.getText(source) ?? ''));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return routers;
}

/**
 * The callers a module's REST file (`rest.ts`, `…Rest.ts`) builds of anything but a router of its
 * own module: the root router would make the module import the api, and another module's router
 * would reach past its service.
 */
function restCallerBreaks(file: string, text: string): string[] {
  const own = file.split('/').slice(0, 4).join('/');
  return callerRouters(file, text)
    .filter((router) => !(inside(router, own) && /(^r|R)outer$/.test(path.basename(router))))
    .map((router) => `${file} builds a caller of ${router} (a REST file calls its own module's router only)`);
}

describe('server folders', () => {
  it('are modules, the platform, storage, and the api over them', () => {
    const folders = foldersIn('src/server').map((folder) => path.basename(folder));
    expect(folders.filter((folder) => !['api', 'modules', 'platform', 'storage'].includes(folder))).toEqual([]);
  });

  it('never import the api from a module: it is the one place that sees every module', () => {
    const fromModules = (graph: Map<string, string[]>) =>
      [...graph].flatMap(([file, targets]) =>
        inside(file, 'src/server/modules') ? targets.filter((target) => inside(target, 'src/server/api')) : [],
      );
    const graph = importGraph();
    expect(fromModules(graph)).toEqual([]);
    graph.set('src/server/modules/visits/service.ts', ['src/server/api/root.ts']);
    expect(fromModules(graph)).toEqual(['src/server/api/root.ts']);
  });

  it('import each other in no pair', () => {
    expect(foldersImportingEachOther(importGraph())).toEqual([]);
  });

  it("reach a module's repository only from inside modules: the composition root, the api and the platform go through its wiring or service", () => {
    const fromOutside = (graph: Map<string, string[]>) =>
      [...graph].flatMap(([file, targets]) =>
        inside(file, 'src/server') && !inside(file, 'src/server/modules')
          ? targets.filter((target) => inside(target, 'src/server/modules') && /(\/r|R)epository\.ts$/.test(target))
          : [],
      );
    const graph = importGraph();
    expect(fromOutside(graph)).toEqual([]);
    graph.set('src/server/services.ts', [
      ...(graph.get('src/server/services.ts') ?? []),
      'src/server/modules/content/repository.ts',
    ]);
    expect(fromOutside(graph)).toEqual(['src/server/modules/content/repository.ts']);
  });

  it('are probed: a pair made on purpose is found', () => {
    const graph = importGraph();
    graph.set('src/server/platform/plainPage.ts', [
      ...(graph.get('src/server/platform/plainPage.ts') ?? []),
      'src/server/api/health.ts',
    ]);
    expect(foldersImportingEachOther(graph)).toEqual(['api ⇄ platform']);
  });
});

describe('server modules', () => {
  const moduleFiles = sourceFiles('src/server/modules');

  it('keep their layers: no router imports a repository, only repositories import kysely or the database, one module reaches another only through its service', () => {
    expect(moduleFiles.length).toBeGreaterThan(0);
    expect(moduleFiles.flatMap((file) => moduleRuleBreaks(file, importsOf(file)))).toEqual([]);
  });

  it("let a module's wiring alone, and only by type, take the database it hands its repositories", () => {
    const typed = "import type { Storage } from '#server/storage/database.ts';";
    expect(moduleRuleBreaks('src/server/modules/visits/wiring.ts', importsIn('wiring.ts', typed))).toEqual([]);
    expect(
      moduleFiles.filter((file) => importsOf(file).some(({ specifier }) => specifier.includes('storage/database'))),
    ).toContain('src/server/modules/visits/wiring.ts');
  });

  it.each([
    [
      'src/server/modules/enquiries/router.ts',
      "import { x } from './repository';",
      'src/server/modules/enquiries/repository (no router imports a repository)',
    ],
    [
      'src/server/modules/enquiries/service.ts',
      "import { sql } from 'kysely';",
      'kysely (only repositories import kysely or the database)',
    ],
    [
      'src/server/modules/enquiries/service.ts',
      "import { x } from '../../storage/schema';",
      'src/server/storage/schema (only repositories import kysely or the database)',
    ],
    [
      'src/server/modules/enquiries/service.ts',
      "import { x } from '#server/storage/schema.ts';",
      'src/server/storage/schema (only repositories import kysely or the database)',
    ],
    [
      'src/server/modules/enquiries/service.ts',
      "import { x } from '../visits/repository';",
      'src/server/modules/visits/repository (one module reaches another only through its service)',
    ],
    [
      'src/server/modules/visits/wiring.ts',
      "import { openStorage } from '#server/storage/database.ts';",
      'src/server/storage/database (only repositories import kysely or the database)',
    ],
    [
      'src/server/modules/visits/wiring.ts',
      "import type { Database } from '#server/storage/schema.ts';",
      'src/server/storage/schema (only repositories import kysely or the database)',
    ],
    [
      'src/server/modules/visits/service.ts',
      "import type { Storage } from '#server/storage/database.ts';",
      'src/server/storage/database (only repositories import kysely or the database)',
    ],
    [
      'src/server/modules/enquiries/spamRouter.ts',
      "import { x } from '#server/modules/enquiries/spamRepository.ts';",
      'src/server/modules/enquiries/spamRepository (no router imports a repository)',
    ],
    [
      'src/server/modules/enquiries/service.ts',
      "import { x } from '#server/modules/audit/repository.ts';",
      'src/server/modules/audit/repository (one module reaches another only through its service)',
    ],
    [
      'src/server/modules/enquiries/repository.ts',
      "import { x } from '#server/modules/visits/repository.ts';",
      'src/server/modules/visits/repository (one module reaches another only through its service)',
    ],
  ])('are probed: in %s, `%s` is refused', (file, planted, refusal) => {
    expect(moduleRuleBreaks(file, importsIn(file, planted))).toEqual([`${file} imports ${refusal}`]);
  });

  it("build their REST adapters' callers from their own module's router only", () => {
    const restFiles = moduleFiles.filter((file) => /(^r|R)est\.ts$/.test(path.basename(file)));
    const withCallers = restFiles.filter((file) => callerRouters(file, readSource(file)).length > 0);
    expect(withCallers).toContain('src/server/modules/staff/authRest.ts');
    expect(withCallers).toContain('src/server/modules/enquiries/rest.ts');
    expect(restFiles.flatMap((file) => restCallerBreaks(file, readSource(file)))).toEqual([]);
    const own = "import { authRouter } from './authRouter';\nconst createCaller = createCallerFactory(authRouter);";
    expect(restCallerBreaks('src/server/modules/staff/authRest.ts', own)).toEqual([]);
  });

  it.each([
    ["import { appRouter } from '#server/api/root.ts';", 'appRouter', 'src/server/api/root'],
    [
      "import { visitsRouter } from '#server/modules/visits/router.ts';",
      'visitsRouter',
      'src/server/modules/visits/router',
    ],
    [
      "import { contentRouter } from './router';",
      'router({ content: contentRouter })',
      'router({ content: contentRouter })',
    ],
    ["import { contentService } from './service';", 'contentService', 'src/server/modules/content/service'],
  ])('are probed: a REST file that imports `%s` and builds a caller of %s is refused', (planted, argument, router) => {
    const file = 'src/server/modules/content/rest.ts';
    const text = `${planted}\nconst createCaller = createCallerFactory(${argument});`;
    expect(restCallerBreaks(file, text)).toEqual([
      `${file} builds a caller of ${router} (a REST file calls its own module's router only)`,
    ]);
  });

  it('let a module reach another through its service, and a repository use kysely and write an audit entry in its transaction', () => {
    const service = 'src/server/modules/enquiries/service.ts';
    expect(moduleRuleBreaks(service, importsIn(service, "import { x } from '../visits/service';"))).toEqual([]);
    const repository = 'src/server/modules/enquiries/repository.ts';
    expect(moduleRuleBreaks(repository, importsIn(repository, "import { sql } from 'kysely';"))).toEqual([]);
    expect(
      moduleRuleBreaks(repository, importsIn(repository, "import { x } from '#server/modules/audit/repository.ts';")),
    ).toEqual([]);
  });
});

/**
 * The files of a module that answer requests, which take the request's scope and read its time
 * (decision 0063): its service and its routers, and the parts of a service it exports in files of
 * their own (the staff's answers to a signed-in person, the Parents' Corner's events, documents and
 * a person's family data). Background work (workers, schedules, the morning mail, the notices'
 * mailing, purges) lives in files of its own and keeps its clock; a REST adapter reads it once, to
 * build the scope.
 */
const serviceParts = [
  ...['signIn', 'ownAccount', 'passwordLink', 'twoStepSetup', 'staffAccounts'].map((name) => `staff/${name}.ts`),
  ...['schoolEvents', 'documents', 'personData'].map((name) => `parents/${name}.ts`),
].map((file) => `src/server/modules/${file}`);
const answersRequests = (file: string) => /\/(service|router|\w+Router)\.ts$/.test(file) || serviceParts.includes(file);

/**
 * Where a file reads a clock: `now()`, `Date.now()`, `services.now()` and any other `….now()` but
 * `performance.now()` (a duration, not a time), and `new Date()` without an argument.
 */
function clockReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const reads: string[] = [];
  const visit = (node: ts.Node) => {
    const callee =
      ts.isCallExpression(node) && node.arguments.length === 0 ? node.expression.getText(source) : undefined;
    const readsNow =
      callee !== undefined && (callee === 'now' || (callee.endsWith('.now') && callee !== 'performance.now'));
    const newDate =
      ts.isNewExpression(node) && node.expression.getText(source) === 'Date' && (node.arguments ?? []).length === 0;
    if (readsNow || newDate) reads.push(`${file}: ${node.getText(source)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

describe('request scope', () => {
  const answering = sourceFiles('src/server/modules').filter(answersRequests);
  const readsOf = (file: string) => clockReads(file, fs.readFileSync(path.join(root, file), 'utf8'));

  it('is the only time the services and routers of a module read: none reads a clock', () => {
    expect(serviceParts.filter((file) => !answering.includes(file))).toEqual([]);
    expect(answering.flatMap(readsOf)).toEqual([]);
  });

  it.each([
    ['now()', 'const at = now();'],
    ['services.now()', 'const at = services.now();'],
    ['Date.now()', 'const ms = Date.now();'],
    ['new Date()', 'const at = new Date();'],
  ])('is probed: `%s` planted in a service is found', (read, planted) => {
    expect(clockReads('src/server/modules/visits/service.ts', planted)).toEqual([
      `src/server/modules/visits/service.ts: ${read}`,
    ]);
  });

  it('lets a service measure a duration and read a date it is given', () => {
    const planted = 'const ms = performance.now(); const day = new Date(scope.at); const at = scope.at;';
    expect(clockReads('src/server/modules/visits/service.ts', planted)).toEqual([]);
  });
});

/**
 * A relative import stays inside its subject; one that leaves it goes through a package.json alias
 * (decision 0061), so that no import climbs folders to reach another subject. A file's subject is
 * the first folder below its alias root (src/server/storage, src/shared/enquiries, test/support), one
 * deeper in the folders that group subjects; a file lying directly in an alias root has the root.
 * The codemod that wrote the aliases (decision 0061) applies the same rule.
 */
const subjectGroups = ['src/server/modules', 'src/client/features', 'src/client/features/admin'];
const aliasRoots = projectAliases(root).map(([, folder]) => folder.replace(/\/$/, ''));

function subjectOf(file: string): string | undefined {
  let subject = aliasRoots.find((folder) => inside(file, folder));
  while (subject) {
    const [next, ...rest] = file.slice(subject.length + 1).split('/');
    if (rest.length === 0) return subject;
    subject = `${subject}/${next}`;
    if (!subjectGroups.includes(subject)) return subject;
  }
  // Under no alias root (scripts/, src/'s own tests): a relative import may not climb into one.
  return undefined;
}

/** The alias a relative import should be written with, when it leaves its subject. */
function aliasFor(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const target = resolveImport(file, specifier) ?? targetOf(file, specifier) ?? specifier;
  const subject = subjectOf(file);
  if (subject ? inside(target, subject) : !specifier.startsWith('../')) return undefined;
  const alias = projectAliases(root).find(([, folder]) => target.startsWith(folder));
  return alias && `${alias[0]}${target.slice(alias[1].length)}`;
}

/** The relative imports of one file that leave its subject, as "file imports specifier: write alias". */
const subjectLeaks = (file: string, imports: Import[]): string[] =>
  imports.flatMap(({ specifier }) => {
    const alias = aliasFor(file, specifier);
    return alias ? [`${file} imports ${specifier}: write ${alias}`] : [];
  });

const everySourceFile = (): string[] =>
  ['src', 'test', 'e2e', 'scripts'].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|mts|mjs)$/.test(file))
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`),
  );

describe('imports across subjects', () => {
  it('go through a package.json alias, never by climbing folders: tests, scripts and support files included', () => {
    const files = everySourceFile();
    expect(files).toContain('e2e/support/browser.ts');
    expect(files.flatMap((file) => subjectLeaks(file, importsOf(file)))).toEqual([]);
  });

  it.each([
    ['src/server/modules/enquiries/service.ts', '../../platform/plainPage', '#server/platform/plainPage.ts'],
    ['src/server/modules/enquiries/service.ts', '../visits/service', '#server/modules/visits/service.ts'],
    ['src/shared/enquiries/fields.ts', '../zod', '#shared/zod.ts'],
    [
      'src/client/features/admin/enquiries/EnquiriesPanel.tsx',
      '../common/Fact',
      '#client/features/admin/common/Fact.tsx',
    ],
    ['scripts/build.ts', '../src/server/buildOutput', '#server/buildOutput.ts'],
    ['e2e/home.test.ts', '../test/support/testServer', '#test/support/testServer.ts'],
  ])('are probed: in %s, a planted `%s` is refused for %s', (file, planted, alias) => {
    const imports = importsIn(file, `import { x } from '${planted}';`);
    expect(subjectLeaks(file, imports)).toEqual([`${file} imports ${planted}: write ${alias}`]);
  });

  it.each([
    ['src/server/modules/enquiries/service.ts', './repository'],
    ['src/client/features/enquiry/contact/ContactForm.tsx', '../useEnquiryForm'],
    ['src/server/app.ts', './modules/enquiries/service'],
    ['e2e/home.test.ts', './support/site'],
    ['scripts/build.ts', './prerender'],
  ])('leave relative an import within its subject: in %s, `%s`', (file, kept) => {
    expect(subjectLeaks(file, importsIn(file, `import { x } from '${kept}';`))).toEqual([]);
  });
});
