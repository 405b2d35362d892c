import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/** The source files a workspace's tsconfig compiles into its dist (its include less its exclude), from the repository. */
function compiled(workspace: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, workspace, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  return (parsed?.fileNames ?? []).map((file) => relative(ROOT, file));
}

// What a build compiles is what the image carries (its dist folders): specs never, and shared's engine bench has its
// own build (shared/tsconfig.bench.json) so the package every process loads carries no bench.
describe('what each build compiles', () => {
  it.each(['shared', 'core', 'server', 'workers'])('%s: no spec', (workspace) => {
    const files = compiled(workspace);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => /\.(int-)?spec\.tsx?$/.test(file))).toEqual([]);
  });

  it('shared: no bench', () => {
    expect(compiled('shared').filter((file) => file.includes('/bench/'))).toEqual([]);
  });
});
