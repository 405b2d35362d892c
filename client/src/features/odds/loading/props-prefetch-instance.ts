import { liveSocketAtom } from '../../../realtime/socket';
import { appStore } from '../../../state/store';
import { fetchLoadedBoards } from '../odds-api';
import { followPropsRoom, PropsPrefetch } from './props-prefetch';

let instance: PropsPrefetch | null = null;

/** The page's one props prefetch: the props boards over REST, kept current from the props rooms while held. */
export function propsPrefetch(): PropsPrefetch {
  instance ??= new PropsPrefetch({
    load: (query) => fetchLoadedBoards({ mode: 'props', sports: query.sports, markets: query.markets }),
    follow: (sport, from, onMessage) => followPropsRoom(appStore.get(liveSocketAtom), sport, from, onMessage),
    now: () => Date.now(),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
  });
  return instance;
}
