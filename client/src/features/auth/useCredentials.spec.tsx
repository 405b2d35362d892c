/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { UsernameCheck } from '../../state/username';
import { useCredentials } from './useCredentials';

// The app's API client reads the browser's storage when loaded; the sign-up and the username's check are stood in for.
jest.mock('../../api/client', () => ({ api: { setSession: jest.fn() }, typedApi: {} }));
const signUp = jest.fn();
let check: { state: UsernameCheck; message: string | null } = { state: 'idle', message: null };
jest.mock('../account', () => ({
  signIn: jest.fn(),
  signUp: (...args: unknown[]) => signUp(...args),
  useUsernameCheck: () => ({ ...check, setState: () => undefined, setMessage: () => undefined }),
}));

// spec 000 §5: sign-up with a username waits for its check; what the form says is the check's own status, and the
// username rule only for a name that breaks it. A valid name submitted during the 350 ms pause was told the rule.
describe('sign-up submitted before the username’s check says it is free', () => {
  let root: Root;
  let form: ReturnType<typeof useCredentials>;
  function Harness() {
    form = useCredentials('signup', new URLSearchParams());
    return null;
  }
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    signUp.mockReset();
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  const submitWith = async (username: string, state: UsernameCheck, message: string | null = null) => {
    check = { state, message };
    await act(async () =>
      root.render(
        <MemoryRouter>
          <Harness />
        </MemoryRouter>,
      ),
    );
    await act(async () => {
      form.setEmail('new@example.com');
      form.setPassword('Str0ng-enough-pw');
      form.setUsername(username);
    });
    await act(() => form.submit({ preventDefault: () => undefined } as never));
    return form.error;
  };

  it('says a valid name is still being checked', async () => {
    expect(await submitWith('alice_99', 'checking')).toBe('Checking availability...');
    expect(signUp).not.toHaveBeenCalled();
  });

  it('says why the check failed', async () => {
    const network = 'A network error occurred. Please check your connection and try again.';
    expect(await submitWith('alice_99', 'error', network)).toBe(network);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('gives the rule for a name that breaks it, and says a taken one is in use', async () => {
    expect(await submitWith('_alice', 'invalid')).toBe('Use 3–20 letters, numbers, _ (no leading/trailing _)');
    expect(await submitWith('alice_99', 'taken')).toBe('This username is already in use');
    expect(signUp).not.toHaveBeenCalled();
  });
});
