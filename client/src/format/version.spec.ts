import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { versionText } from './version';

// spec 000 §9: version text 1.01.0
describe('versionText', () => {
  it('shows the minor as two digits, as the spec writes it', () => {
    expect(versionText('1.1.0')).toBe('Version 1.01.0');
    expect(versionText('2.12.3')).toBe('Version 2.12.3');
  });

  it('reads 1.01.0 from the client package version', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    expect(versionText(pkg.version)).toBe('Version 1.01.0');
  });
});
