/**
 * Frozen all the way down: for a value kept in memory and handed to every caller that asks, so a caller that changed
 * it would fail at once instead of changing it for the others.
 */
export function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
