import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BREAKING_TRAILER, breakingChanges } from './api-changes';

const ROOT = join(__dirname, '..', '..', '..');
const DOCUMENT = 'open-api/oddspulse-openapi.json';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
/** The document at a commit, or none where the commit lacks it (before it was first committed, or cut off by a shallow clone). */
function documentAt(commit: string) {
  try {
    return JSON.parse(git('show', `${commit}:${DOCUMENT}`)) as Parameters<typeof breakingChanges>[0];
  } catch {
    return undefined;
  }
}

const doc = (paths: Record<string, Record<string, unknown>>, schemas: Record<string, unknown> = {}) => ({
  paths: paths as Parameters<typeof breakingChanges>[0]['paths'],
  components: { schemas: schemas as Record<string, Record<string, unknown>> },
});
const answer = (schema: unknown) => ({ responses: { '200': { content: { 'application/json': { schema } } } } });
const body = (schema: unknown, required = true) => ({
  requestBody: { required, content: { 'application/json': { schema } } },
  responses: {},
});

describe('breakingChanges', () => {
  const pick = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string' }, status: { enum: ['won', 'lost'] } },
  };

  it('finds a removed route, answer field and enumeration value, read through component references', () => {
    const before = doc(
      { '/a': { get: answer({ $ref: '#/components/schemas/Pick' }) }, '/b': { get: answer({}) } },
      { Pick: pick },
    );
    const after = doc(
      { '/a': { get: answer({ $ref: '#/components/schemas/Pick' }) } },
      { Pick: { type: 'object', properties: { status: { enum: ['won'] } } } },
    );
    expect(breakingChanges(before, after)).toEqual([
      'GET /a 200: answer field id removed',
      'GET /a 200.status: enumeration value "lost" removed',
      'GET /b: route removed',
    ]);
  });

  it('finds a request field or query parameter newly required, and not one newly optional or added to an answer', () => {
    const optional = { type: 'object', properties: { name: { type: 'string' } } };
    const required = { ...optional, required: ['name'] };
    const query = (isRequired: boolean) => ({
      parameters: [{ name: 'sport', in: 'query', required: isRequired }],
      responses: {},
    });
    expect(breakingChanges(doc({ '/a': { post: body(optional) } }), doc({ '/a': { post: body(required) } }))).toEqual([
      'POST /a body: request field name is newly required',
    ]);
    expect(breakingChanges(doc({ '/a': { get: query(false) } }), doc({ '/a': { get: query(true) } }))).toEqual([
      'GET /a: query parameter sport is newly required',
    ]);
    expect(breakingChanges(doc({ '/a': { post: body(required) } }), doc({ '/a': { post: body(optional) } }))).toEqual(
      [],
    );
    const wider = { ...pick, properties: { ...pick.properties, extra: { type: 'number' } } };
    expect(breakingChanges(doc({ '/a': { get: answer(pick) } }), doc({ '/a': { get: answer(wider) } }))).toEqual([]);
  });
});

/**
 * Every committed change of the document, against the version before it, and the working copy against HEAD: a
 * breaking change passes only in a commit whose message carries the BREAKING-API trailer (docs/api-contract.md). Read
 * from git history, so it holds on a fresh clone as in a working copy; a commit whose parent a shallow clone lacks is
 * not compared.
 */
describe('the committed API document', () => {
  it('changes without breaking clients, unless its commit says BREAKING-API', () => {
    const unannounced: string[] = [];
    const commits = git('log', '--format=%H', '--', DOCUMENT).split('\n').filter(Boolean);
    for (const commit of commits) {
      const [before, after] = [documentAt(`${commit}^`), documentAt(commit)];
      if (!before || !after) continue;
      if (BREAKING_TRAILER.test(git('log', '-1', '--format=%B', commit))) continue;
      for (const change of breakingChanges(before, after)) unannounced.push(`${commit.slice(0, 10)} ${change}`);
    }
    const head = documentAt('HEAD');
    if (head) {
      const working = JSON.parse(readFileSync(join(ROOT, DOCUMENT), 'utf8')) as typeof head;
      for (const change of breakingChanges(head, working))
        unannounced.push(`uncommitted ${change} (commit it with a BREAKING-API: trailer saying why)`);
    }
    expect(unannounced).toEqual([]);
  });
});
