/**
 * The odds page's error panels (spec 001 §2, §8): an error containing 'Authentication required' shows the
 * Authentication Required panel; anything else the API Connection Error panel with this detail mapping.
 */
export function isAuthenticationError(message: string): boolean {
  return message.toLowerCase().includes('authentication required');
}

export interface ErrorLike {
  status?: number;
  message: string;
}

export function connectionErrorDetail(error: ErrorLike): string {
  const text = error.message ?? '';
  if (/<!doctype html|<html|returned html|instead of json/i.test(text))
    return 'Server returned HTML instead of JSON - API endpoint may be misconfigured or unavailable';
  if (error.status === 504 || /\b504\b/.test(text))
    return 'Gateway Timeout (504) - The server took too long to respond';
  if (error.status === 502 || /\b502\b/.test(text)) return 'Bad Gateway (502) - The server is currently unavailable';
  if (error.status === 401 || /\b401\b/.test(text)) return 'Unauthorized (401) - Authentication required';
  if (error.status === 429 || /\b429\b/.test(text)) return 'Too Many Requests (429) - API rate limit exceeded';
  if (/proxy/i.test(text)) return 'Proxy Error - Unable to connect to the API server';
  return text.trim() || 'Unknown error';
}
