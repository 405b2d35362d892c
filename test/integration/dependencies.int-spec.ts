import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Specs, benches, test helpers and type declarations: what the image never runs. */
const NOT_SHIPPED = /\.(int-)?spec\.ts$|\.bench\.ts$|\/bench\/|\/testing\/|\.d\.ts$/;
/** Peers NestJS loads itself (never imported by name in our code) that the process cannot start without. */
const RUNTIME_PEERS: Record<string, readonly string[]> = {
  core: [],
  server: ['passport', 'rxjs'],
  workers: ['rxjs'],
};
const BUILTINS = new Set(builtinModules);

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The packages the files import or require by name (`@scope/name` or `name`), types-only imports included. */
function importedPackages(files: readonly string[]): Set<string> {
  const names = new Set<string>();
  const forms = [
    /^\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\b(?:require|require\.resolve|import)\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const specs = forms.flatMap((form) => [...text.matchAll(form)].map((match) => match[1]));
    for (const spec of specs.filter((s) => !s.startsWith('.'))) {
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (!spec.startsWith('node:') && !BUILTINS.has(name)) names.add(name);
    }
  }
  return names;
}

// A workspace's dependencies are what its shipped code imports: the image installs them and nothing else
// (`npm prune --omit=dev`), so one left over weighs on every install and one a spec alone needs belongs to dev.
describe.each(['core', 'server', 'workers'])('the dependencies of %s', (workspace) => {
  const manifest = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as Manifest;
  const files = execFileSync('git', ['ls-files', `${workspace}/src`], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file.endsWith('.ts'));
  const shipped = importedPackages(files.filter((file) => !NOT_SHIPPED.test(file)));
  const runtime = Object.keys(manifest.dependencies ?? {});

  it('are each imported by its shipped code (or a peer NestJS loads)', () => {
    const unused = runtime.filter((name) => !shipped.has(name) && !RUNTIME_PEERS[workspace].includes(name));
    expect(unused).toEqual([]);
  });

  it('hold every package its shipped code imports', () => {
    const missing = [...shipped].filter((name) => !runtime.includes(name) && name !== `@oddspulse/${workspace}`);
    expect(missing).toEqual([]);
  });
});
