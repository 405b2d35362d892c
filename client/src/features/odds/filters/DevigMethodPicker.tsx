import { BLENDABLE_METHODS, DEVIG_METHOD_LABELS, DEVIG_METHODS, type DevigMethod } from '@oddspulse/shared';
import { ValueOptions } from '../../../ui/ValueSelect';
import { toggleBlendMember, type DevigChoice } from '../../../state/devig-choice';

/** Picks a de-vig method (DECISIONS 10); for a blend, the methods it averages. */
export function DevigMethodPicker({
  value,
  onChange,
  label = 'De-vig method',
}: {
  value: DevigChoice;
  onChange: (next: DevigChoice) => void;
  label?: string;
}) {
  return (
    <div className="devig-picker">
      <label className="small">
        {label}{' '}
        <select
          value={value.method}
          onChange={(e) => onChange({ ...value, method: e.target.value as DevigMethod })}
          data-testid="devig-method"
        >
          <ValueOptions values={DEVIG_METHODS} names={DEVIG_METHOD_LABELS} />
        </select>
      </label>
      {value.method === 'blend' && (
        <fieldset className="devig-blend small" aria-label="Methods blended">
          {BLENDABLE_METHODS.map((m) => (
            <label key={m} className="checkbox">
              <input
                type="checkbox"
                checked={value.blend.includes(m)}
                onChange={(e) => onChange(toggleBlendMember(value, m, e.target.checked))}
              />{' '}
              {DEVIG_METHOD_LABELS[m]}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
