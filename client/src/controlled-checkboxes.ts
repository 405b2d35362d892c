import { options } from 'preact';

type InputProps = { type?: unknown; checked?: unknown; onChange?: unknown };

/**
 * Makes a controlled checkbox show its `checked` prop once its change handler has run, as React does: a handler
 * that keeps the state (the last method of a blend, notifications the browser refuses) leaves the box as it was,
 * and the render of a new state ticks it. preact/compat (issue 18) left the box as clicked until its next render.
 */
export function keepRenderedCheck(props: InputProps): void {
  const { type, checked, onChange } = props;
  if (type !== 'checkbox' || typeof checked !== 'boolean' || typeof onChange !== 'function') return;
  props.onChange = (event: Event) => {
    const box = event.currentTarget as HTMLInputElement;
    onChange(event);
    box.checked = checked;
  };
}

/** Preact-only, for every <input> the app renders: main.tsx installs it before the first render. */
export function installControlledCheckboxes(): void {
  const next = options.vnode;
  options.vnode = (vnode) => {
    if (vnode.type === 'input') keepRenderedCheck(vnode.props as InputProps);
    next?.(vnode);
  };
}
