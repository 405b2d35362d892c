import { act } from 'react';
import { settle } from './signed-in';

/** A failed read is an alert saying `said`, whose "Try again" reads again (`read`'s second call) and clears it. */
export async function expectTryAgain(read: jest.Mock, said: string): Promise<void> {
  const alert = document.querySelector('[role="alert"]');
  expect(alert?.textContent).toContain(said);
  await act(async () => [...alert!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click());
  await settle();
  expect(read).toHaveBeenCalledTimes(2);
  expect(document.querySelector('[role="alert"]')).toBeNull();
}
