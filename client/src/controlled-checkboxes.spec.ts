import { keepRenderedCheck } from './controlled-checkboxes';

type Props = { type?: string; checked?: boolean; onChange?: (event: { currentTarget: { checked: boolean } }) => void };

/** A click on the box: the browser toggles it, then the (wrapped) handler runs; what the box shows after. */
function click(props: Props): boolean {
  const box = { checked: !props.checked };
  props.onChange!({ currentTarget: box });
  return box.checked;
}

describe('a controlled checkbox rendered with Preact', () => {
  it('shows its checked prop once the handler has run, which still reads the click', () => {
    const read: boolean[] = [];
    const props: Props = { type: 'checkbox', checked: true, onChange: (event) => read.push(event.currentTarget.checked) };
    keepRenderedCheck(props);
    expect(click(props)).toBe(true);
    expect(read).toEqual([false]);
  });

  it('leaves other inputs, uncontrolled boxes and boxes without a handler as they are', () => {
    const onChange = () => undefined;
    const others: Props[] = [
      { type: 'text', onChange },
      { type: 'radio', checked: true, onChange },
      { type: 'checkbox', onChange },
      { type: 'checkbox', checked: false },
    ];
    for (const props of others) {
      const before = props.onChange;
      keepRenderedCheck(props);
      expect(props.onChange).toBe(before);
    }
  });
});
