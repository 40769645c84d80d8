import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { spawnSync } from 'node:child_process';
import { runnerImport, type Plugin, type PluginOption } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Types worth compressing: text. Images and fonts in WOFF2 are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/;

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file under dir, once at build time, so the server sends them as they are instead of compressing
 * each request again (and can afford Brotli's best quality, about 15-20 % smaller than gzip for JS).
 * A variant that is not smaller than the original is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    // not .vite/ (the build's manifest and stats: read from disk, never served)
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name) && !path.relative(dir, e.parentPath).split(path.sep).some((s) => s.startsWith('.')))
    .map((e) => path.join(e.parentPath, e.name));
  const totals = { files: files.length, bytes: 0, br: 0, gz: 0 };
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      totals.bytes += body.length;
      for (const [ext, out] of [['br', br], ['gz', gz]] as const) {
        const variant = `${file}.${ext}`;
        if (out.length < body.length) {
          await fs.promises.writeFile(variant, out);
          totals[ext] += out.length;
        } else {
          await fs.promises.rm(variant, { force: true });
          totals[ext] += body.length;
        }
      }
    }),
  );
  return totals;
}

/**
 * `source` imported by a module whose id matches `importer` resolves to `target`, a module of the
 * same package: for an importer that needs one export of a package index that does not say it is
 * free of side effects, so the bundle kept the whole package for it.
 */
export function narrowImport(importer: RegExp, source: string, target: string): Plugin {
  return {
    name: 'notaria:narrow-import',
    enforce: 'pre',
    resolveId(id, from) {
      return id === source && from && importer.test(from) ? this.resolve(target, from, { skipSelf: true }) : null;
    },
  };
}

/** The build's output compressed as the server sends it (see precompressDir). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'notaria:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info?.(`precompressed ${t.files} files: ${kb(t.bytes)} → ${kb(t.br)} Brotli, ${kb(t.gz)} gzip`);
    },
  };
}

/** One chunk of the build and what its code is made of (bench/bundle.ts reads it for the treemap). */
export interface ChunkStats {
  file: string;
  /** Module id (relative to the project, node_modules/<package>/… for dependencies) → bytes it takes in the chunk, minified. */
  modules: Record<string, number>;
}

/** Writes `.vite/bundle-stats.json`: every JS chunk and the rendered size of each module in it. */
export function bundleStats(): Plugin {
  let root = process.cwd();
  return {
    name: 'notaria:bundle-stats',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkStats[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, m] of Object.entries(out.modules)) {
          if (m.renderedLength > 0) modules[path.relative(root, id.replace(/^\0/, '').replace(/\?.*$/, ''))] = m.renderedLength;
        }
        chunks.push({ file: out.fileName, modules });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/bundle-stats.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * Modules whose exports are plain data computed from code the browser does not need: in the build
 * each is replaced by its exports' values (JSON), evaluated once in Node through Vite's module
 * runner. api/routes.ts is one: the method and path of every endpoint, read from their
 * declarations in api/, whose zod schemas and texts (about 30 KB Brotli) then stay out of the
 * portal's bundle. Elsewhere (the dev server, the tests, the server) the module runs as it is, to
 * the same values.
 */
export function buildTimeData(files: string[]): Plugin {
  let targets = new Set<string>();
  // the build's own plugins, so a module one of them replaces (the fixture journey's registry,
  // tests/e2e/resource-fixture.spec.ts) is replaced in the values too
  let plugins: PluginOption[] = [];
  return {
    name: 'notaria:build-time-data',
    apply: 'build',
    enforce: 'pre',
    config(user) {
      plugins = user.plugins ?? [];
    },
    configResolved(config) {
      targets = new Set(files.map((f) => path.resolve(config.root, f)));
    },
    async load(id) {
      if (!targets.has(id)) return null;
      const { module, dependencies } = await runnerImport<Record<string, unknown>>(id, { plugins });
      for (const dep of dependencies) this.addWatchFile(dep);
      const where = path.relative(process.cwd(), id);
      return Object.entries(module)
        .map(([name, value]) => {
          if (value === undefined) throw new Error(`${where}: ${name} is not plain data`);
          // JSON would drop a function silently, wherever it is
          const json = JSON.stringify(value, (key, v: unknown) => {
            if (typeof v === 'function') throw new Error(`${where}: ${name}${key ? ` (${key})` : ''} is not plain data`);
            return v;
          });
          return `export const ${name} = ${json};\n`;
        })
        .join('');
    },
  };
}

const ANTD_STYLES = 'virtual:antd-styles.css';

/**
 * `import 'virtual:antd-styles.css'` (src/main.tsx): in a build, antd's styles of the portal
 * computed at build time (scripts/antd-styles.tsx, in a process of its own with
 * NODE_ENV=production, whose class-name hashes match the production bundle's); antd's runtime then
 * skips generating them in the browser. In development, nothing: antd generates them as before.
 */
export function antdStaticStyles(): Plugin {
  let build = false;
  return {
    name: 'notaria:antd-static-styles',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === ANTD_STYLES ? `\0${ANTD_STYLES}` : null;
    },
    load(id) {
      if (id !== `\0${ANTD_STYLES}`) return null;
      if (!build) return '';
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/antd-styles.tsx'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (r.status !== 0 || !r.stdout.includes('.data-ant-cssinjs-cache-path')) throw new Error(`scripts/antd-styles.tsx failed: ${r.stderr}`);
      return r.stdout;
    },
  };
}
