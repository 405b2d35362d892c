import { connectionErrorDetail, isAuthenticationError } from './connection-error';

describe('API Connection Error detail mapping (spec 001 §8)', () => {
  it('maps each listed cause to its text', () => {
    expect(connectionErrorDetail({ message: 'Server returned <!DOCTYPE html> instead of JSON...' })).toBe(
      'Server returned HTML instead of JSON - API endpoint may be misconfigured or unavailable',
    );
    expect(connectionErrorDetail({ status: 504, message: 'x' })).toBe(
      'Gateway Timeout (504) - The server took too long to respond',
    );
    expect(connectionErrorDetail({ status: 502, message: 'x' })).toBe(
      'Bad Gateway (502) - The server is currently unavailable',
    );
    expect(connectionErrorDetail({ status: 401, message: 'x' })).toBe('Unauthorized (401) - Authentication required');
    expect(connectionErrorDetail({ status: 429, message: 'x' })).toBe(
      'Too Many Requests (429) - API rate limit exceeded',
    );
    expect(connectionErrorDetail({ message: 'Proxy error: ECONNREFUSED' })).toBe(
      'Proxy Error - Unable to connect to the API server',
    );
    expect(connectionErrorDetail({ message: 'Something odd' })).toBe('Something odd');
    expect(connectionErrorDetail({ message: '' })).toBe('Unknown error');
  });

  it('recognises an authentication error by its text', () => {
    expect(isAuthenticationError('Authentication required - please log in')).toBe(true);
    expect(isAuthenticationError('Server error. Our team has been notified.')).toBe(false);
  });
});
