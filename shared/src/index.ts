export * from './domain/plans';
export * from './domain/sports';
export * from './domain/sportsbooks';
export * from './domain/odds';
export * from './domain/health';
export * from './jobs/job-map';
export * from './domain/accounts';
export * from './domain/entitlements';
