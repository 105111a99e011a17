/**
 * `npm run pack`: the package an integrator installs, as it would be published, written to
 * dist/packages/paytoken-{version}.tgz. One package for both audiences
 * (docs/decisions/0010-one-package-without-dependencies.md): `paytoken` (the hosted script's API),
 * `paytoken/form` (`<paytoken-form>`), `paytoken/server` (the server SDK) and `paytoken/ssr` (the form
 * rendered to HTML on a server, Lit's server renderer inside), with their types and
 * the hosted bundles under `paytoken/browser/` for self-hosting. It has no dependencies: Lit, imask
 * and card-validator are inside the browser entries, and the SDK needs only Node. Nothing of the
 * service is in it. `npm run build` first.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMPRESSED_COPIES } from '../src/shared/hosted-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = `${root}dist/packages/`;

/** What the repository's package.json says that the published one keeps. */
interface RootManifest {
  name: string;
  version: string;
  description: string;
  license: string;
  type: string;
  engines: Record<string, string>;
  main: string;
  types: string;
  exports: Record<string, unknown>;
}

/** The published package.json: the root's public fields, its exports, and no dependencies at all. */
export function publishedManifest(manifest: RootManifest): object {
  const { name, version, description, license, type, engines, main, types, exports } = manifest;
  return {
    name,
    version,
    description,
    license,
    type,
    engines,
    main,
    types,
    exports: { ...exports, './browser/*': './dist/browser/*' },
    files: ['dist/esm', 'dist/types', 'dist/browser', 'dist/ssr'],
  };
}

/** Writes the tarball and answers its path. */
export function pack(): string {
  for (const built of ['dist/esm', 'dist/types', 'dist/browser/manifest.json', 'dist/ssr']) {
    if (!existsSync(`${root}${built}`)) throw new Error(`${built} is missing: run npm run build first.`);
  }
  const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as RootManifest;
  const stage = `${packagesDir}${manifest.name}/`;
  rmSync(packagesDir, { recursive: true, force: true });
  mkdirSync(`${stage}dist`, { recursive: true });
  // Not the compressed copies of the hosted files (`.br`, `.gz`): a server of the package's own
  // compresses what it serves, and they would take the package past its install budget.
  const notCompressed = (path: string) => !COMPRESSED_COPIES.some(({ extension }) => path.endsWith(extension));
  for (const folder of ['esm', 'types', 'browser', 'ssr'])
    cpSync(`${root}dist/${folder}`, `${stage}dist/${folder}`, { recursive: true, filter: notCompressed });
  cpSync(`${root}scripts/package-readme.md`, `${stage}README.md`);
  cpSync(`${root}LICENSE`, `${stage}LICENSE`);
  writeFileSync(`${stage}package.json`, `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`);
  const output = execFileSync('npm', ['pack', '--pack-destination', packagesDir, '--json'], {
    cwd: stage,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [{ filename }] = JSON.parse(output) as [{ filename: string }];
  return `${packagesDir}${filename}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(pack());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
