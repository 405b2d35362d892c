import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { routeDocOf } from '@oddspulse/server';

/**
 * Holds every JSON answer a test app gives to the schema its route documents (`@ApiAnswer`): the integration specs
 * drive the routes with real data, so an answer the document (and the client typed from it) misdescribes fails the
 * spec that met it, with the route and the mismatch on stderr (the test apps log nothing). Handlers that write their
 * answer themselves (`@Res()` without passthrough) are checked in api-docs.int-spec instead.
 */
export class DocumentedAnswers implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const answer = routeDocOf(context.getHandler())?.answer;
    if (!(answer instanceof z.ZodType)) return next.handle();
    return next.handle().pipe(
      map((body: unknown) => {
        // a string is a page for a browser (the dev outbox); what is checked is the JSON the client reads
        if (body === undefined || typeof body === 'string') return body;
        const checked = answer.safeParse(JSON.parse(JSON.stringify(body)));
        if (checked.success) return body;
        const req = context.switchToHttp().getRequest<Request>();
        const message = `${req.method} ${req.route?.path as string}: the answer does not match its @ApiAnswer schema:\n${z.prettifyError(checked.error)}`;
        process.stderr.write(`${message}\n`);
        throw new Error(message);
      }),
    );
  }
}
