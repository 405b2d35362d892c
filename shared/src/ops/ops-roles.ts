/**
 * Operations staff (DESIGN "used by"): `ops` may watch and act (retry, clean, pause); `ops_viewer` may only
 * watch. Who holds a role is configuration (OPS_EMAILS, OPS_VIEWER_EMAILS), never something a client can claim.
 */
export const OPS_ROLES = ['ops', 'ops_viewer'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/** The operations page, its live channel, the queue console and the metrics: either role. */
export function canViewOps(role: OpsRole | null | undefined): boolean {
  return role === 'ops' || role === 'ops_viewer';
}

/** Retrying, cleaning and pausing jobs: `ops` only. */
export function canOperate(role: OpsRole | null | undefined): boolean {
  return role === 'ops';
}

export const OpsMessages = {
  opsRequired: 'This is for operations staff only.',
  operateRequired: 'Your operations role is read-only: retrying, cleaning or pausing jobs needs the ops role.',
  actionNotOffered: 'This action is not offered in the OddsPulse queue console.',
} as const;
