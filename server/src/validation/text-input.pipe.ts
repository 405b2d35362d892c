import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ApiErrors } from '../errors/api-errors';

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (a note may hold lines). PostgreSQL refuses
 * NUL in text, so one reaching a query was a 500; none of them is meaningful in a name, a key or a path.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/**
 * A UTF-16 surrogate without its other half (`"\ud800"` in JSON): not a character, so not text. PostgreSQL's jsonb
 * refuses it (an audit record failed after its row was written) and encodeURIComponent throws on it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is refused as input text, as the answer says it after the field's path. */
function textProblem(text: string): string | null {
  if (CONTROL.test(text)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(text)) return 'must be well-formed Unicode text';
  return null;
}

/**
 * The first string in `value` (keys included) that is not acceptable text — holding a control character or a lone
 * surrogate — with its path (`picks.3.note`) and why; null when there is none. Walks with its own stack, in document
 * order, so no nesting can exhaust the call stack (bodies are also refused past MAX_JSON_DEPTH before they are parsed:
 * configureHttp).
 */
export function illegalTextAt(value: unknown, path: string): { at: string; problem: string } | null {
  const pending: Array<[unknown, string]> = [[value, path]];
  while (pending.length) {
    const [item, at] = pending.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return { at, problem };
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], `${at}.${i}`]);
    } else if (isPlainObject(item)) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        // the key before its value, as it was read
        pending.push([child, `${at}.${key}`], [key, at]);
      }
    }
  }
  return null;
}

/**
 * The refusal of `value` as input text, as every door words it: the offending field's path below `root`
 * (`bookmaker`, `picks.3.note`; `root` itself for a bad key of the top level or a bad string given whole) and why
 * ("bookmaker: must not contain control characters"); null when all of it is acceptable.
 */
export function textInputRefusal(value: unknown, root: string): string | null {
  const found = illegalTextAt(value, root);
  if (!found) return null;
  return `${found.at.startsWith(`${root}.`) ? found.at.slice(root.length + 1) : found.at}: ${found.problem}`;
}

/** A parsed body or query (a query string parses to an object without a prototype), not a Buffer or a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The one rule for text input, global so no route can miss it: a body, query or path parameter
 * holding a control character or ill-formed Unicode is refused with 400 VALIDATION_FAILED naming the field, before
 * any handler or schema. The socket events' payloads and the MCP tools' arguments are held to the same rule, with
 * textInputRefusal, where each is read (RealtimeGateway and SocketCredentials.reauth; createMcpServer).
 */
@Injectable()
export class TextInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // A custom parameter is not HTTP input: the signed-in user, and a socket event's payload (SocketPayload), which
    // the gateway checks by this rule itself so that a refusal is the protocol's acknowledgement (docs/realtime.md).
    if (metadata.type === 'custom') return value;
    // A body still in its JSON text (the picks import's: configureHttp) is read by its route, which applies these rules
    // to each item as it parses them; scanning megabytes of raw text here would only hold the event loop.
    if (metadata.type === 'body' && typeof value === 'string') return value;
    const refusal = textInputRefusal(value, metadata.data ?? metadata.type);
    if (refusal) throw ApiErrors.validation(refusal);
    return value;
  }
}
