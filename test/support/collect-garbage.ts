import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// V8's full collection, reachable without starting Node with --expose-gc: a context made after the flag has `gc`.
setFlagsFromString('--expose-gc');
export const collectGarbage = runInNewContext('gc') as () => void;
