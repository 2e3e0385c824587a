/**
 * `npm run release -- patch|minor|major`: marks a release of the committed work, in the folder it
 * runs in. Bumps the version (package.json and package-lock.json), writes the subjects of the
 * commits since the last tag into CHANGELOG.md, with what a volunteer must do besides
 * deploy/upgrade.sh (docs/deploy.md), commits that and makes an annotated tag vX.Y.Z. Pushes nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const levels = ['major', 'minor', 'patch'] as const;
type Level = (typeof levels)[number];

/** Files whose change a volunteer installs by hand, and the step of docs/deploy.md that does it. */
const installedByHand: { file: string; note: (changed: string) => string }[] = [
  {
    file: '.nvmrc',
    note: (changed) => `Node changes to ${changed}: install it as docs/deploy.md step 3 says, before the upgrade.`,
  },
  {
    file: 'deploy/school.service',
    note: () => 'deploy/school.service changed: copy it again as docs/deploy.md step 9 says, after the upgrade.',
  },
  {
    file: 'deploy/Caddyfile',
    note: () => 'deploy/Caddyfile changed: copy it again as docs/deploy.md step 10 says, after the upgrade.',
  },
  {
    file: 'deploy/school-offsite.service',
    note: () =>
      'deploy/school-offsite.service changed: copy it again as docs/deploy.md step 15 says, after the upgrade.',
  },
  {
    file: 'deploy/school-offsite.timer',
    note: () => 'deploy/school-offsite.timer changed: copy it again as docs/deploy.md step 15 says, after the upgrade.',
  },
];

const CHANGELOG = 'CHANGELOG.md';
const CHANGELOG_HEADING = `# Changes

Each release of the site, newest first, as \`npm run release\` writes it: what a volunteer must do
besides \`deploy/upgrade.sh\` (docs/deploy.md, "Upgrades"), then the changes.
`;

function git(...args: string[]): string {
  return gitWithInput(undefined, ...args);
}

/** `input` goes to git's standard input: a tag's message of every change since the last release is longer than one argument may be (E2BIG). */
function gitWithInput(input: string | undefined, ...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', input }).trimEnd();
}

function stop(sentence: string): never {
  console.error(sentence);
  process.exit(1);
}

function bumped(version: string, level: Level): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (level === 'major') return `${major + 1}.0.0`;
  if (level === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** Rewrites a JSON file of npm's (two spaces, a final newline) with its version fields changed. */
function setVersion(file: string, version: string): void {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    version: string;
    packages?: Record<string, { version?: string }>;
  };
  json.version = version;
  const root = json.packages?.[''];
  if (root) root.version = version;
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

const level = process.argv[2] as Level | undefined;
if (!level || !levels.includes(level))
  stop('Name the kind of release: npm run release -- patch (fixes), minor (new things) or major (a big step).');
const uncommitted = git('status', '--porcelain')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.slice(3));
if (uncommitted.length > 0)
  stop(`Commit or put aside the changes in ${uncommitted.join(', ')} first: a release is made of committed work only.`);

const lastTag = git('tag', '--list', 'v[0-9]*', '--merged', 'HEAD', '--sort=-v:refname').split('\n')[0] || undefined;
const range = lastTag ? [`${lastTag}..HEAD`] : ['HEAD'];
const subjects = git('log', '--no-merges', '--reverse', '--format=%s', ...range)
  .split('\n')
  .filter(Boolean);
if (subjects.length === 0) stop(`Nothing was committed since ${lastTag}: there is nothing to release.`);

const version = bumped((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version, level);
const tag = `v${version}`;
if (git('tag', '--list', tag) !== '')
  stop(`The tag ${tag} exists already: bump package.json's version past it, or choose another kind of release.`);

const changed = lastTag ? new Set(git('diff', '--name-only', lastTag, 'HEAD').split('\n')) : new Set<string>();
const notes = installedByHand
  .filter(({ file }) => changed.has(file))
  .map(({ file, note }) => note(fs.readFileSync(file, 'utf8').trim()));
const date = new Date().toISOString().slice(0, 10);
const section = [
  `## ${tag} (${date})`,
  '',
  ...(notes.length > 0 ? [...notes.map((note) => `**${note}**`), ''] : []),
  ...subjects.map((subject) => `- ${subject}`),
  '',
].join('\n');
const existing = fs.existsSync(CHANGELOG) ? fs.readFileSync(CHANGELOG, 'utf8') : CHANGELOG_HEADING;
const firstSection = existing.indexOf('\n## ');
fs.writeFileSync(
  CHANGELOG,
  firstSection === -1
    ? `${existing}\n${section}`
    : `${existing.slice(0, firstSection + 1)}${section}\n${existing.slice(firstSection + 1)}`,
);

setVersion('package.json', version);
setVersion('package-lock.json', version);
git('add', 'package.json', 'package-lock.json', CHANGELOG);
git('commit', '--quiet', '-m', `Release ${tag}`);
gitWithInput(`${tag}\n\n${section}`, 'tag', '--annotate', tag, '--file', '-');
console.log(
  `Tagged ${tag} with ${subjects.length} change${subjects.length === 1 ? '' : 's'} (${CHANGELOG}). Publish it: git push origin HEAD ${tag}`,
);
