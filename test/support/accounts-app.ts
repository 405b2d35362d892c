import type { INestApplication, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { DocumentedAnswers } from './documented-answers';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import type { Plan } from '@oddspulse/shared';
import type { Logger } from 'pino';
import {
  AccountsModule,
  AppModule,
  configureServerApp,
  PlanService,
  serverLogging,
  type Session,
} from '@oddspulse/server';
import {
  APP_CONFIG,
  parseConfig,
  type AppConfig,
  createLogger,
  KYSELY,
  type Database,
  MailService,
  RedisService,
} from '@oddspulse/core';

export interface AccountsTestApp {
  app: INestApplication;
  config: AppConfig;
  db: Database;
  redis: RedisService;
  plans: PlanService;
  http: () => ReturnType<typeof request>;
  get<T>(token: Type<T> | symbol): T;
}

/**
 * The whole server (AppModule) against the run's PostgreSQL and Redis, with the same HTTP hardening as
 * main.ts (the operations endpoints outside /api included). `controllers` adds test-only endpoints; `clientIndex`
 * an index.html to answer the /ops page with, as the built web app's; `build` the web app build API answers name;
 * `log` the pino logger the request log and nestjs-pino write to (none by default: a spec reads answers, not logs).
 */
export async function createAccountsApp(
  overrides: Partial<AppConfig> = {},
  extra: {
    controllers?: Type[];
    providers?: Array<{ provide: symbol | Type; useValue: unknown }>;
    clientIndex?: string;
    build?: string;
    log?: Logger;
  } = {},
): Promise<AccountsTestApp> {
  // High per-address limits by default (global, sign-up, reset and its confirmation): the suites share one client address and one Redis prefix.
  const config: AppConfig = {
    ...parseConfig(process.env),
    RATE_LIMIT_MAX: 100_000,
    RATE_LIMIT_SIGNUP_MAX: 100_000,
    RATE_LIMIT_RESET_MAX: 100_000,
    RATE_LIMIT_RESET_CONFIRM_MAX: 100_000,
    ...overrides,
  };
  const log = extra.log ?? createLogger('server', 'silent');
  let builder = Test.createTestingModule({
    imports: [AppModule, AccountsModule, serverLogging(log)],
    controllers: extra.controllers ?? [],
  })
    .overrideProvider(APP_CONFIG)
    .useValue(config);
  for (const provider of extra.providers ?? [])
    builder = builder.overrideProvider(provider.provide).useValue(provider.useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, rawBody: true });
  configureServerApp(app, {
    https: false,
    clientIndex: extra.clientIndex ?? null,
    build: extra.build,
    redisSockets: false,
    log,
  });
  app.useGlobalInterceptors(new DocumentedAnswers());
  await app.init();
  return {
    app,
    config,
    db: moduleRef.get<Database>(KYSELY),
    redis: moduleRef.get(RedisService),
    plans: moduleRef.get(PlanService),
    http: () => request(app.getHttpServer()),
    get: <T>(token: Type<T> | symbol) => moduleRef.get<T>(token),
  };
}

export const TEST_PASSWORD = 'Str0ng-enough-pw';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Signs a new user up over HTTP and gives them a plan through PlanService (the one path of every plan change). */
export async function signUp(
  t: AccountsTestApp,
  plan: Plan = 'free',
  email = uniqueEmail(plan),
): Promise<{ email: string; session: Session }> {
  const res = await t.http().post('/api/auth/signup').send({ email, password: TEST_PASSWORD });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (plan !== 'free') await t.plans.changePlan(res.body.user.id, { plan, status: 'active' });
  return { email, session: res.body as Session };
}

/**
 * Marks the user's address verified, as following the link mailed at sign-up does (the verification spec follows it):
 * for tests of mail the product sends only to a verified address.
 */
export async function verifyEmail(t: Pick<AccountsTestApp, 'db'>, userId: string): Promise<void> {
  await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
}

/** Signs up a member of staff (an address OPS_EMAILS or OPS_VIEWER_EMAILS names) with it verified: only then is the role theirs. */
export async function signUpStaff(
  t: AccountsTestApp,
  email: string,
  plan: Plan = 'free',
): Promise<{ email: string; session: Session }> {
  const staff = await signUp(t, plan, email);
  await verifyEmail(t, staff.session.user.id);
  return staff;
}

/**
 * Waits (up to 5 s) for the dev outbox to hold a mail to `to` whose subject starts with `subject` (a password reset's
 * mail goes out after its answer, and sign-up's verification link to the same address too).
 */
export async function outboxMailTo(
  t: AccountsTestApp,
  to: string,
  subject = 'Reset your OddsPulse password',
): Promise<{ to: string; subject: string; text: string }> {
  for (
    const deadline = Date.now() + 5000;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 20))
  ) {
    const mail = (await t.get(MailService).outbox()).find(
      (entry) => entry.to === to && entry.subject.startsWith(subject),
    );
    if (mail) return mail;
  }
  throw new Error(`No mail to ${to} in the dev outbox`);
}

export const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access_token}` });
