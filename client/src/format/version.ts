/**
 * The version text of the account page (spec 000 §2, §9: "Version 1.01.0"), from package.json's
 * semver with the minor shown as two digits as the spec writes it (1.1.0 → 1.01.0).
 */
export function versionText(semver: string): string {
  const [major, minor, patch] = semver.split('.');
  if (major === undefined || minor === undefined || patch === undefined) return `Version ${semver}`;
  return `Version ${major}.${minor.padStart(2, '0')}.${patch}`;
}
