/**
 * The server's public entry (`@oddspulse/server`): the application module and its set-up, which main.ts runs, and
 * what a system spec starting the server in-process drives it with. Everything else in server/src is the server's own.
 */
export { AppModule } from './app.module';
/** For a spec's own controllers behind the accounts guards (`@RequireAuth()` …): they resolve through it. */
export { AccountsModule } from './accounts/accounts.module';
export { configureServerApp, type ServerAppOptions } from './app';
export { serverLogging } from './bootstrap/request-log';
export { PlanService } from './accounts/plans/plan.service';
/** A service a system spec makes fail, to see how a fault of the server's own is answered. */
export { PicksService } from './picks/picks.service';
export type { Session } from './accounts/auth/session.service';
export { LANDING_STATS_CACHE_MS, STATS_CLOCK } from './stats/landing-stats.service';
/** What a route documents as its answer: the test apps hold every JSON answer to it. */
export { routeDocOf } from './docs/route-doc';
