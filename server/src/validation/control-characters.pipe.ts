import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ApiErrors } from '../errors/api-errors';

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (a note may hold lines). PostgreSQL refuses
 * NUL in text, so one reaching a query was a 500; none of them is meaningful in a name, a key or a path.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path (`picks.3.note`) of the first string in `value` holding a control character, or null. */
export function controlCharacterAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharacterAt(key, path) ?? controlCharacterAt(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** A parsed body or query (a query string parses to an object without a prototype), not a Buffer or a class instance. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The one rule for text input (issue 16 item 7), global so no route can miss it: a body, query or path parameter
 * holding a control character is refused with 400 VALIDATION_FAILED naming the field, before any handler or schema.
 */
@Injectable()
export class ControlCharactersPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const root = metadata.data ?? metadata.type;
    const at = controlCharacterAt(value, root);
    if (at) throw ApiErrors.validation(`${at.startsWith(`${root}.`) ? at.slice(root.length + 1) : at}: must not contain control characters`);
    return value;
  }
}
