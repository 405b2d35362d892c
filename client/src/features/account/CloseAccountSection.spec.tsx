/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AccountMessages } from '@oddspulse/shared';
import { typedApi } from '../../api/client';
import { renderSignedIn, settle } from '../../../test-support/signed-in';
import { CloseAccountSection } from './CloseAccountSection';

jest.mock('../../api/client', () => ({
  api: { clearSession: jest.fn() },
  typedApi: { GET: jest.fn(), POST: jest.fn() },
}));

const get = typedApi.GET as unknown as jest.Mock;
const post = typedApi.POST as unknown as jest.Mock;

// Closing an account asks its owner to confirm again (docs/security.md "Closing an account"): the password when the
// account has one; an account made with Google or Apple sign-in alone has none, and confirms with a mailed link.
describe('closing an account', () => {
  let root: Root | null = null;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    get.mockReset();
    post.mockReset();
  });
  const render = async (confirmWith: 'password' | 'email', at = '/account') => {
    get.mockResolvedValue({ data: { confirm_with: confirmWith } });
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await renderSignedIn(root, <CloseAccountSection />, { at });
  };
  const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === label);
  const click = async (label: string) => {
    await act(async () => button(label)!.click());
    await settle();
  };
  const passwordField = () => document.querySelector<HTMLInputElement>('#close-account-password');
  const text = () => document.body.textContent ?? '';

  it('asks an account with a password for it, and sends it', async () => {
    await render('password');
    await click('Close account');
    expect(get).toHaveBeenCalledWith('/api/account/close');
    const field = passwordField()!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'my password');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    post.mockResolvedValue({ data: { message: AccountMessages.accountClosed, subscription_ends_at: null } });
    await click('Close my account');
    expect(post).toHaveBeenCalledWith('/api/account/close', { body: { password: 'my password' } });
    expect(button('Email me the link')).toBeUndefined();
  });

  it('mails an account without a password a link instead of asking for one', async () => {
    await render('email');
    await click('Close account');
    expect(passwordField()).toBeNull();
    post.mockResolvedValue({ data: { message: AccountMessages.closeLinkSent } });
    await click('Email me the link');
    expect(post).toHaveBeenCalledWith('/api/account/close/link');
    expect(text()).toContain(AccountMessages.closeLinkSent);
  });

  it('closes with the link the mail brought, without a password', async () => {
    await render('email', '/account?close_token=tok-1');
    expect(passwordField()).toBeNull();
    post.mockResolvedValue({ data: { message: AccountMessages.accountClosed, subscription_ends_at: null } });
    await click('Close my account');
    expect(post).toHaveBeenCalledWith('/api/account/close', { body: { token: 'tok-1' } });
  });
});
