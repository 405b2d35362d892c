/**
 * The shell's signed-in parts, one chunk loaded with the first session (a visitor's landing page does not
 * download the user menu, the username and plan-limit dialogs, the plan sync or the import of a browser's picks).
 */
export { PlanBadge, UserMenu, UserMenuItems } from './nav/UserMenu';
export { PlanLimitDialog } from './PlanLimitDialog';
export { UsernameSetup } from './UsernameSetup';
export { PlanSync } from '../features/billing/plan-sync';
export { LocalPicksImport } from '../features/picks/LocalPicksImport';
