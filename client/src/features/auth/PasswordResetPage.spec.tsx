import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { PasswordResetPage } from './PasswordResetPage';

// The app's API client reads the browser's storage when loaded; this screen's markup needs none of it.
jest.mock('../../api/client', () => ({ api: {} }));

// spec 000 §2 account page: "Links go to /billing/cancel?from=account, /subscribe, /pricing and /login".
// The subscription section holds the first three; the reset form, open to signed-out visitors, holds /login.
describe('the account route reached from a reset mail', () => {
  it('offers the way back to the sign-in page beside the new-password form', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/account?reset_token=abc']}>
        <PasswordResetPage />
      </MemoryRouter>,
    );
    expect(html).toContain('<h1>Choose a new password</h1>');
    expect(html).toMatch(/<a href="\/login"[^>]*>Back to log in<\/a>/);
  });
});
