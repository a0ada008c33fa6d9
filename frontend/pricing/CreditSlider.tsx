import { useId } from 'react';
import {
  MAX_CREDITS_PER_PURCHASE,
  MIN_CREDITS_PER_PURCHASE,
  RECOMMENDED_CREDITS,
} from '#shared/limits';
import { formatInr, priceInRupees } from '#shared/payments';

interface CreditSliderProps {
  value: number;
  onChange: (credits: number) => void;
  disabled: boolean;
}

/** Where the recommended mark sits along the track, as a fraction. */
const RECOMMENDED_AT =
  (RECOMMENDED_CREDITS - MIN_CREDITS_PER_PURCHASE) / (MAX_CREDITS_PER_PURCHASE - MIN_CREDITS_PER_PURCHASE);

/** The 1–100 credit slider of the Pro card, defaulting to the recommended 12. */
export function CreditSlider({ value, onChange, disabled }: CreditSliderProps) {
  const id = useId();
  const fill = ((value - MIN_CREDITS_PER_PURCHASE) / (MAX_CREDITS_PER_PURCHASE - MIN_CREDITS_PER_PURCHASE)) * 100;
  return (
    <div className={`credit-slider${disabled ? ' is-disabled' : ''}`}>
      <div className="credit-slider-head">
        <label htmlFor={id} className="credit-slider-label">
          Credits
        </label>
        <output htmlFor={id} className="credit-slider-value" aria-live="polite">
          <strong>{value}</strong> {value === 1 ? 'credit' : 'credits'} · ₹{formatInr(priceInRupees(value))}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={MIN_CREDITS_PER_PURCHASE}
        max={MAX_CREDITS_PER_PURCHASE}
        step={1}
        value={value}
        disabled={disabled}
        aria-valuetext={`${value} credits, ₹${formatInr(priceInRupees(value))}`}
        style={{ '--fill': `${fill}%` } as React.CSSProperties}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="credit-slider-scale" aria-hidden="true">
        <span>{MIN_CREDITS_PER_PURCHASE}</span>
        <span>{MAX_CREDITS_PER_PURCHASE}</span>
      </div>
      <button
        type="button"
        className={`recommended-tag${value === RECOMMENDED_CREDITS ? ' is-selected' : ''}`}
        style={{ '--at': RECOMMENDED_AT } as React.CSSProperties}
        disabled={disabled}
        onClick={() => onChange(RECOMMENDED_CREDITS)}
        aria-label={`Recommended: ${RECOMMENDED_CREDITS} credits`}
      >
        Recommended
      </button>
    </div>
  );
}
