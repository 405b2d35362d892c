import type { KeyboardEvent } from 'react';
import { menuTriggerProps } from './menu-trigger';

const keyDown = (key: string) => {
  const event = { key, preventDefault: jest.fn() };
  return { event, asKeyboardEvent: event as unknown as KeyboardEvent };
};

describe('menuTriggerProps', () => {
  it('names the menu it controls only while the menu is open', () => {
    expect(menuTriggerProps('user-menu', true, jest.fn())).toMatchObject({
      'aria-expanded': true,
      'aria-controls': 'user-menu',
    });
    expect(menuTriggerProps('user-menu', false, jest.fn())).toMatchObject({
      'aria-expanded': false,
      'aria-controls': undefined,
    });
  });

  it('opens the menu on its first item with ArrowDown and its last with ArrowUp, taking the key', () => {
    const onOpen = jest.fn();
    const { onKeyDown } = menuTriggerProps('mobile-menu', false, onOpen);
    const down = keyDown('ArrowDown');
    onKeyDown(down.asKeyboardEvent);
    const up = keyDown('ArrowUp');
    onKeyDown(up.asKeyboardEvent);
    expect(onOpen.mock.calls).toEqual([['first'], ['last']]);
    expect(down.event.preventDefault).toHaveBeenCalled();
    expect(up.event.preventDefault).toHaveBeenCalled();
  });

  it('leaves other keys to the button', () => {
    const onOpen = jest.fn();
    const enter = keyDown('Enter');
    menuTriggerProps('mobile-menu', false, onOpen).onKeyDown(enter.asKeyboardEvent);
    expect(onOpen).not.toHaveBeenCalled();
    expect(enter.event.preventDefault).not.toHaveBeenCalled();
  });
});
