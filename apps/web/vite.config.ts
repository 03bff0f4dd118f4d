import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const webRoot = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(webRoot, '../..');
const catalogSrc = join(repoRoot, 'packages/catalog/src');
const iconsDir = join(repoRoot, 'node_modules/@ant-design/icons/es/icons');

function catalogFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return catalogFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * `virtual:catalog-icons` exports `icons`: only the @ant-design/icons components the
 * route catalogue names (`icon: 'UserOutlined'`), imported by name so the bundle holds
 * those and no other icon. Unknown names are reported and left out (the menu shows none).
 */
function catalogIcons(): Plugin {
  const id = 'virtual:catalog-icons';
  return {
    name: 'console-catalog-icons',
    resolveId: (source) => (source === id ? '\0' + id : undefined),
    load(resolvedId) {
      if (resolvedId !== '\0' + id) return undefined;
      const names = new Set<string>();
      for (const file of catalogFiles(catalogSrc)) {
        this.addWatchFile(file);
        for (const m of readFileSync(file, 'utf8').matchAll(/\bicon\s*:\s*['"]([A-Za-z0-9]+)['"]/g)) names.add(m[1]);
      }
      const known = [...names].filter((n) => existsSync(join(iconsDir, n + '.js'))).sort();
      const unknown = [...names].filter((n) => !known.includes(n));
      if (unknown.length) this.warn(`catalogue icons not in @ant-design/icons: ${unknown.join(', ')}`);
      return `import { ${known.join(', ')} } from '@ant-design/icons';\nexport const icons = { ${known.join(', ')} };\n`;
    },
  };
}

/**
 * Writes a .gz and a .br beside every built text file over 1 KB, which the server sends to
 * browsers that accept them (@fastify/static `preCompressed`): the app loads compressed
 * without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'console-precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? join(webRoot, 'dist');
      for (const file of listFiles(dir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(file + '.gz', gzipSync(body, { level: 9 }));
        writeFileSync(file + '.br', brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

export default defineConfig({
  root: webRoot,
  base: '/',
  envDir: webRoot,
  plugins: [catalogIcons(), precompress()],
  esbuild: { jsx: 'automatic' },
  define: {
    // The API base the request layer uses; VITE_API_BASE in the environment overrides it.
    'import.meta.env.VITE_API_BASE': JSON.stringify(process.env.VITE_API_BASE ?? '/api'),
    // Optional catalogue modules (packages/catalog routes.ts); the server reads the same variable.
    __CONSOLE_OPTIONAL_MODULES__: JSON.stringify(process.env.CONSOLE_OPTIONAL_MODULES ?? ''),
  },
  build: {
    outDir: join(webRoot, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // antd marks its modules "use client" (a React Server Components hint), meaningless here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      // API_PROXY points the dev server at another API server (default the one on 8080).
      '/api': { target: process.env.API_PROXY ?? 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1' },
});
