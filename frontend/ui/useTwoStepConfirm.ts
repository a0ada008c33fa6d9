import { useEffect, useRef, useState } from 'react';
import { DELETE_CONFIRM_MS } from './timings';

/** Delete needs two clicks; the armed state disarms after 3 s. */
export function useTwoStepConfirm(onConfirm: () => void): { armed: boolean; click: () => void } {
  const [armed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const click = () => {
    if (timer.current) clearTimeout(timer.current);
    if (armed) {
      setArmed(false);
      onConfirm();
      return;
    }
    setArmed(true);
    timer.current = setTimeout(() => setArmed(false), DELETE_CONFIRM_MS);
  };
  return { armed, click };
}
