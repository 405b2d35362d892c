/** What other features use of billing: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { PlanCards } from './PlanCards';
export { KeepSubscriptionButton } from './SubscriptionActions';
export { formatBillingDate } from './plans';
export { useLiveSubscription } from './live-subscription';
