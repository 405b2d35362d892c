export * from './domain/plans';
export * from './domain/sports';
export * from './domain/health';
export * from './jobs/job-map';
