import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import {
  builtContent,
  contentOn,
  photoIdsIn,
  startingSiteContent,
  type SiteContent,
} from '#shared/content/siteContent.ts';
import { schoolContact, startingFacts } from '#shared/content/schoolFacts.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { PAGE_MODULES_ELEMENT_ID } from '#shared/pageModules.ts';
import { prerenderPaths } from '#shared/routes.ts';
import { schoolToday } from '#shared/time.ts';
import { nextSchoolHour } from '#server/schoolHour.ts';
import { buildInfoFile, pageFileFor, templateFile, type BuildInfo } from '#server/buildOutput.ts';
import type { Config } from '#server/config.ts';
import { renderSettingsOf } from '#server/config.ts';
import { compressedCopies, type CompressionEffort } from '#server/platform/compressedCopies.ts';
import { startingBlogPosts, type BlogPost } from '#shared/content/blogPosts.ts';
import { loadVariants, readOnFirstUse, variantsOf, type Variants } from '#server/platform/precompressed.ts';
import type { Logger } from '#server/log.ts';
import { loadPageRenderer, type PageRenderer } from '#server/rendering.ts';
import { writePrivateFile } from '#server/platform/privateFiles.ts';

/** Every prerendered page, by its address: what the server sends for it. */
export type PageSet = Map<string, Variants>;

/**
 * The pages the server sends: the build's, or once staff have published, the same pages rendered
 * with the published content (createSitePublisher below), swapped in whole.
 */
export type ServedPages = {
  current(): Map<string, Variants>;
  /** The blog posts those pages show: which addresses are posts, and which earlier addresses lead to them. Swapped in with the pages. */
  posts(): readonly BlogPost[];
  /** The uploaded photos those pages show: only these are served to anyone (the others to staff alone). */
  photoIds(): ReadonlySet<string>;
  /** False while the pages of the published content are still being rendered at start. */
  ready(): boolean;
  whenReady(): Promise<void>;
};

/** The blog posts the build's pages show: the starting content's. */
export const builtPosts = readOnFirstUse(startingBlogPosts);

/** Every page and its compressed copies, read once per process: small, and fixed for the life of the build. */
export const builtPages = readOnFirstUse(
  (): Map<string, Variants> =>
    new Map(prerenderPaths(builtPosts()).map((routePath) => [routePath, loadVariants(pageFileFor(routePath))])),
);

/** A rendered page and its compressed copies, by address, as they are stored. */
type PageFiles = Map<string, { html: Buffer; br: Buffer | undefined; gzip: Buffer | undefined }>;

/** `preview`: a still picture of a draft, with the banner that says so (its text, previewBanner). */
type RenderOptions = { formPostResult?: FormPostResult; content?: SiteContent; preview?: { banner: string } };

/** A preview is a still picture of the draft: no entry script, no list of modules (the dashboard, which preloads its own, has no preview). */
const withoutScripts = (html: string) =>
  html.replace(
    new RegExp(
      `<script type="module"[^>]*></script>|<script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">[^<]*</script>`,
      'g',
    ),
    '',
  );

const escapedText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The preview's banner, first in the body: a styled element of the site's stylesheet (the CSP allows no inline style). */
const withBanner = (html: string, banner: string) =>
  html.replace(
    /<body([^>]*)>/,
    (body) => `${body}<p class="draft-preview-banner" role="note">${escapedText(banner)}</p>`,
  );

/** What bringing the pages up to date took: none when they already were; from the data folder after a restart, or rendered. */
export type PublishFigures = { pages: number; renderMs: number; from: 'stored' | 'rendered' };

/** The pages of content about to be published, rendered and stored but not yet served. */
export type StagedPages = {
  /** The content as published (its announcements not yet narrowed to today). */
  published: SiteContent;
  /** As the pages show it, on the day they were rendered. */
  shown: SiteContent;
  key: string;
  /** None when the served pages already show it, or there is no build to render with. */
  files: PageFiles | undefined;
  started: number;
};

export type SitePublisher = {
  /** Whether this server has the built site to render pages with (`npm run build`). */
  canRender(): boolean;
  /** What the server sends for each page: the build's pages until staff publish, then the published ones. */
  pages: ServedPages;
  /**
   * Renders one address with the published content (a form's answer without JavaScript) or with
   * other content: a preview, which is a still picture of the page (no scripts: they would take
   * the preview's own address for the page's).
   */
  renderDocument(routePath: string, options?: RenderOptions): Promise<string>;
  /**
   * The school's contact facts as published now (the starting ones before the first publish), for
   * what the server writes itself: emails, refusal messages. Held in memory, read again at each publish.
   */
  schoolContact(): Promise<SchoolContact>;
  /**
   * Runs `step` after every publish before it and before every one after it: a publish reads what
   * is published, stages its pages, commits and swaps them in within one step.
   */
  inTurn<T>(step: () => Promise<T>): Promise<T>;
  /**
   * Renders and stores the pages of content to publish, serving none of them yet: a disk that
   * cannot take the pages would not take the revision either, so this comes before the commit.
   */
  stage(published: SiteContent): Promise<StagedPages>;
  /** Serves staged pages, once their content is committed; a failed commit leaves the served pages as they were. */
  swapIn(staged: StagedPages): PublishFigures;
  /** Renders every page with the newest revision and swaps them in at once (a start, a school midnight); concurrent calls end in the newest revision. */
  republish(): Promise<PublishFigures>;
  start(): void;
  stop(): Promise<void>;
};

/** What a rendered page set depends on: the build (its scripts' names) and the content as shown. */
function pageSetKey(content: SiteContent): string {
  const build = fs.existsSync(buildInfoFile) ? fs.readFileSync(buildInfoFile, 'utf8') : '';
  return crypto.createHash('sha256').update(build).update(JSON.stringify(content)).digest('hex').slice(0, 24);
}

/**
 * Publishing (issue 11, decision 0028): every prerendered page rendered again with the published
 * content by the build's own renderer, compressed like built pages, and swapped in by replacing
 * one reference, so a visitor gets the old page or the new one, never a mix, and nothing restarts.
 * The pages are also written under DATA_DIR/published-pages/<key>, so a restart serves them at
 * once instead of rendering again; the key changes with the build and the content.
 */
/** The build's pages show the starting content: illustrations, no uploaded photo. */
const NO_PHOTOS: ReadonlySet<string> = new Set();

export function createSitePublisher({
  config,
  readPublished,
  log,
  now,
}: {
  config: Config;
  /** The newest revision's content, undefined before the first publish. */
  readPublished: () => Promise<SiteContent | undefined>;
  log: Logger;
  now: () => Date;
}): SitePublisher {
  const root = path.join(config.dataDir, 'published-pages');
  let renderer: Promise<PageRenderer> | undefined;
  let live: PageSet | undefined;
  /**
   * The content of `live` (its blog posts, its photos): set with it, in the same step, so a request
   * never pairs one publish's pages with another's posts.
   */
  let liveContent: { posts: readonly BlogPost[]; photoIds: ReadonlySet<string> } | undefined;
  let liveKey: string | undefined;
  /** One publish at a time; a call made meanwhile runs after it, with whatever is newest then. */
  let running: Promise<unknown> = Promise.resolve();
  /** The full-effort compression and the copy on disk, one at a time, never holding up a publish. */
  let polishing: Promise<void> = Promise.resolve();
  /** Page sets written to disk one at a time: a publish's and a full-effort copy's may share a folder. */
  let storing: Promise<unknown> = Promise.resolve();
  let ready: Promise<void> = Promise.resolve();
  let isReady = true;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const pageRenderer = () => {
    renderer ??= loadPageRenderer(renderSettingsOf(config)).catch((error: unknown) => {
      renderer = undefined;
      throw error;
    });
    return renderer;
  };

  /** The starting content as the build rendered it: as shown on the day it was built. */
  const buildsContent = (): SiteContent => {
    const { builtAt } = JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;
    return builtContent(new Date(builtAt));
  };

  /** The newest revision's content (undefined before the first publish): read once, then again by each publish. */
  let newest: Promise<SiteContent | undefined> | undefined;
  function readNewest(): Promise<SiteContent | undefined> {
    const reading = readPublished();
    newest = reading;
    // A failed read is not kept: the next caller reads again.
    reading.catch(() => {
      if (newest === reading) newest = undefined;
    });
    return reading;
  }
  const publishedContent = () => newest ?? readNewest();

  async function renderDocument(routePath: string, { formPostResult, content, preview }: RenderOptions = {}) {
    const shown = content ?? contentOn((await publishedContent()) ?? startingSiteContent(), schoolToday(now()));
    const { html } = await (await pageRenderer()).renderDocument(routePath, formPostResult, shown);
    return preview ? withBanner(withoutScripts(html), preview.banner) : html;
  }

  /** Each page rendered (on this thread: the compression between pages lets requests in) and compressed fast. */
  async function renderSet(content: SiteContent): Promise<PageFiles> {
    const files: PageFiles = new Map();
    for (const routePath of prerenderPaths(content.blogPosts)) {
      const html = Buffer.from(await renderDocument(routePath, { content }));
      files.set(routePath, { html, ...(await compressedCopies(html, 'fast')) });
    }
    return files;
  }

  /** The same pages compressed again at full effort: the decoded bytes, so the ETags, stay the same. */
  async function recompressed(files: PageFiles, effort: CompressionEffort): Promise<PageFiles> {
    const result: PageFiles = new Map();
    for (const [routePath, { html }] of files)
      result.set(routePath, { html, ...(await compressedCopies(html, effort)) });
    return result;
  }

  const fileFor = (folder: string, routePath: string) =>
    path.join(folder, routePath === '/' ? 'index.html' : `${routePath.slice(1).replaceAll('/', '__')}.html`);

  /**
   * Written to a new folder and renamed into place, so a crash never leaves half a set to be read
   * at the next start. Asynchronous: written synchronously, the hundred-odd files held up every
   * request for 10 to 40 ms after each publish (`npm run bench:publish`).
   */
  async function writeSet(key: string, files: PageFiles): Promise<void> {
    const folder = path.join(root, key);
    const temporary = `${folder}.${process.pid}.tmp`;
    try {
      await fs.promises.rm(temporary, { recursive: true, force: true });
      await fs.promises.mkdir(temporary, { recursive: true, mode: 0o700 });
      for (const [routePath, { html, br, gzip }] of files) {
        const file = fileFor(temporary, routePath);
        await writePrivateFile(file, html);
        if (br) await writePrivateFile(`${file}.br`, br);
        if (gzip) await writePrivateFile(`${file}.gz`, gzip);
      }
      await fs.promises.rm(folder, { recursive: true, force: true });
      await fs.promises.rename(temporary, folder);
    } catch (error) {
      // What was written of a set that failed (a full disk) is given back.
      await fs.promises.rm(temporary, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
    // Older sets (another build, earlier content) are not needed again; leftovers of a crash go too.
    // The served set stays: this one may be a publish's whose commit is still to come, and may fail.
    for (const name of await fs.promises.readdir(root))
      if (name !== key && name !== liveKey)
        await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
  }

  function storeSet(key: string, files: PageFiles): Promise<void> {
    const stored = storing.then(() => writeSet(key, files));
    storing = stored.catch(() => undefined);
    return stored;
  }

  function readSet(key: string, posts: readonly BlogPost[]): PageSet | undefined {
    const folder = path.join(root, key);
    const paths = prerenderPaths(posts);
    if (!paths.every((routePath) => fs.existsSync(fileFor(folder, routePath)))) return undefined;
    const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
    return new Map(
      paths.map((routePath) => {
        const file = fileFor(folder, routePath);
        return [routePath, variantsOf(fs.readFileSync(file), { br: read(`${file}.br`), gzip: read(`${file}.gz`) })];
      }),
    );
  }

  const toPageSet = (files: PageFiles): PageSet =>
    new Map([...files].map(([routePath, { html, br, gzip }]) => [routePath, variantsOf(html, { br, gzip })]));

  /** The pages, their content and their key, replaced in one step. */
  function serve(key: string, content: SiteContent, pages: PageSet): void {
    live = pages;
    liveContent = { posts: content.blogPosts, photoIds: photoIdsIn(content) };
    liveKey = key;
  }

  /** Brings the served pages in line with the newest revision as shown today; does nothing when they already are. */
  async function bringUpToDate(): Promise<PublishFigures> {
    const started = performance.now();
    const published = await readNewest();
    const nothing: PublishFigures = { pages: 0, renderMs: 0, from: 'rendered' };
    if (!fs.existsSync(templateFile)) return nothing;
    const content = contentOn(published ?? startingSiteContent(), schoolToday(now()));
    // Before anyone publishes, the build's own pages serve as long as they show what today would.
    if (!published && JSON.stringify(content) === JSON.stringify(buildsContent())) {
      live = undefined;
      liveContent = undefined;
      liveKey = undefined;
      return nothing;
    }
    const key = pageSetKey(content);
    if (key === liveKey) return nothing;
    const stored = readSet(key, content.blogPosts);
    if (stored) {
      serve(key, content, stored);
      return { pages: stored.size, renderMs: Math.round(performance.now() - started), from: 'stored' };
    }
    // Fast compression first, so the new pages are out within seconds; the full-effort copies
    // (the build's) replace them a little later, the same pages in fewer bytes.
    const fast = await renderSet(content);
    serve(key, content, toPageSet(fast));
    const renderMs = Math.round(performance.now() - started);
    polish(key, fast);
    return { pages: fast.size, renderMs, from: 'rendered' };
  }

  async function stage(published: SiteContent): Promise<StagedPages> {
    const started = performance.now();
    const shown = contentOn(published, schoolToday(now()));
    const key = pageSetKey(shown);
    // Pages that already show it (a change today hides, such as a later announcement) stay; without a build there are none to render.
    const files = key === liveKey || !fs.existsSync(templateFile) ? undefined : await renderSet(shown);
    if (files) await storeSet(key, files);
    return { published, shown, key, files, started };
  }

  function swapIn({ published, shown, key, files, started }: StagedPages): PublishFigures {
    newest = Promise.resolve(published);
    if (!files) return { pages: 0, renderMs: 0, from: 'rendered' };
    serve(key, shown, toPageSet(files));
    polish(key, files);
    return { pages: files.size, renderMs: Math.round(performance.now() - started), from: 'rendered' };
  }

  function polish(key: string, fast: PageFiles): void {
    polishing = polishing
      .then(async () => {
        if (liveKey !== key || stopped) return;
        const best = await recompressed(fast, 'max');
        // Swapped in before the (asynchronous) write, in the same step as the check: a publish made
        // while writing must not be replaced by these older pages.
        if (liveKey !== key) return;
        live = toPageSet(best);
        await storeSet(key, best);
      })
      .catch((error: unknown) => log.error('Published pages could not be stored', { error: String(error) }));
  }

  /** Runs after every publish before it, and before every one after it. */
  function inTurn<T>(step: () => Promise<T>): Promise<T> {
    const result = running.then(step);
    running = result.catch(() => undefined);
    return result;
  }
  const republish = () => inTurn(bringUpToDate);

  /** An announcement starts or ends at a school midnight: the pages are brought up to date then. */
  function planMidnight(): void {
    if (stopped) return;
    const at = nextSchoolHour(now(), 0);
    timer = setTimeout(() => {
      republish()
        .catch((error: unknown) =>
          log.error('Pages could not be brought up to date at midnight', { error: String(error) }),
        )
        .finally(planMidnight);
    }, at.getTime() - now().getTime());
    timer.unref();
  }

  return {
    canRender: () => fs.existsSync(templateFile),
    pages: {
      current: () => live ?? builtPages(),
      posts: () => liveContent?.posts ?? builtPosts(),
      photoIds: () => liveContent?.photoIds ?? NO_PHOTOS,
      ready: () => isReady,
      whenReady: () => ready,
    },
    renderDocument,
    schoolContact: async () => schoolContact((await publishedContent())?.schoolFacts ?? startingFacts()),
    inTurn,
    stage,
    swapIn,
    republish,
    start() {
      isReady = false;
      // A publish killed while writing left its folder behind (writeSet): it is nobody's now.
      if (fs.existsSync(root))
        for (const name of fs.readdirSync(root))
          if (name.endsWith('.tmp')) fs.rmSync(path.join(root, name), { recursive: true, force: true });
      ready = republish().then(
        (figures) => {
          if (figures.pages > 0)
            log.info(
              figures.from === 'stored'
                ? 'Published pages read from the data folder'
                : 'Published site content rendered',
              figures,
            );
        },
        (error: unknown) =>
          log.error('Published site content could not be rendered; the build’s pages are served', {
            error: String(error),
          }),
      );
      void ready.then(() => {
        isReady = true;
      });
      planMidnight();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await polishing;
    },
  };
}
