/**
 * @jest-environment jsdom
 */
import { Provider, createStore } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { toastsAtom } from '../state/toasts';
import { Modal } from '../ui/Modal';
import { Toasts } from './Toasts';

// A modal dialog makes the page behind it inert (github.com/whatwg/html/issues/9936): a toast shown while one is open
// goes inside it.
describe('Toasts', () => {
  let root: Root;
  const store = createStore();
  const render = (dialogOpen: boolean) =>
    act(() =>
      root.render(
        <Provider store={store}>
          <Toasts />
          {dialogOpen && (
            <Modal title="Import picks" onClose={() => undefined}>
              <p>body</p>
            </Modal>
          )}
        </Provider>,
      ),
    );
  const toast = () => document.querySelector('.toast');

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    document.body.innerHTML = '<div id="app"></div>';
    root = createRoot(document.getElementById('app')!);
    store.set(toastsAtom, [{ id: 1, type: 'error', message: 'Could not import', leaving: false }]);
  });

  afterEach(() => act(() => root.unmount()));

  it('shows a toast in the page, inside the open dialog while one is, and in the page again once it closes', () => {
    render(false);
    expect(toast()!.closest('dialog')).toBeNull();
    render(true);
    expect(toast()!.closest('dialog')).toBe(document.querySelector('dialog[open]'));
    expect(toast()!.parentElement!.getAttribute('aria-live')).toBe('polite');
    render(false);
    expect(document.querySelector('dialog')).toBeNull();
    expect(toast()!.textContent).toContain('Could not import');
  });
});
