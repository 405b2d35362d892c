import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { JobName } from '@oddspulse/shared';
import { withLogContext } from '@oddspulse/core';
import { ON_JOB } from './on-job.decorator';

type Handler = (data: unknown, job: Job) => Promise<unknown>;

/**
 * Finds every @OnJob method at start-up and refuses to start unless each job name of the
 * shared job map has exactly one handler: no job can be enqueued that nothing runs.
 */
@Injectable()
export class JobRegistryService implements OnModuleInit {
  private readonly handlers = new Map<JobName, Handler>();
  /** When this process last took a job (epoch ms), for its heartbeat; null before its first. */
  lastJobAt: number | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = instance[method] as (...args: unknown[]) => Promise<unknown>;
        const name = this.reflector.get<JobName | undefined>(ON_JOB, fn);
        if (!name) continue;
        if (this.handlers.has(name)) throw new Error(`Job ${name} has more than one handler`);
        this.handlers.set(name, fn.bind(instance) as Handler);
      }
    }
    const missing = Object.values(JobName).filter((name) => !this.handlers.has(name));
    if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
  }

  /** Every line the handler logs carries the job's id and name. */
  run(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    this.lastJobAt = Date.now();
    return withLogContext({ jobId: job.id, job: job.name }, () => handler(job.data, job));
  }
}
