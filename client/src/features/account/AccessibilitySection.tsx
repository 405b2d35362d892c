import { useAtom } from 'jotai';
import { accessibilityAtom, type FontSize } from '../../state/preferences-local';

/** The display settings kept in this browser: contrast, motion, focus outlines and font size. */
export function AccessibilitySection() {
  const [settings, setSettings] = useAtom(accessibilityAtom);
  const toggle = (key: 'highContrast' | 'reducedMotion' | 'keyboardNavigation', label: string) => (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={settings[key]}
        onChange={(e) => setSettings({ ...settings, [key]: e.target.checked })}
      />{' '}
      {label}
    </label>
  );
  return (
    <div className="column">
      {toggle('highContrast', 'High contrast')}
      {toggle('reducedMotion', 'Reduced motion')}
      {toggle('keyboardNavigation', 'Keyboard navigation (always show focus)')}
      <label htmlFor="font-size">Font size</label>
      <select
        id="font-size"
        value={settings.fontSize}
        onChange={(e) => setSettings({ ...settings, fontSize: e.target.value as FontSize })}
      >
        <option value="normal">Normal</option>
        <option value="large">Large</option>
        <option value="extra-large">Extra large</option>
      </select>
    </div>
  );
}
