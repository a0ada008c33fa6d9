import { useId, useState } from 'react';
import type { FaqEntry } from './content';

/** The FAQ accordion: one answer open at a time; opening another closes the first. */
export function Faq({ entries }: { entries: FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="faq">
      {entries.map((entry, index) => {
        const isOpen = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={entry.question} className={`faq-item${isOpen ? ' is-open' : ''}`}>
            <h3 className="faq-question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : index)}
              >
                <span>{entry.question}</span>
                <span className="faq-sign" aria-hidden="true" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-answer" hidden={!isOpen}>
              <p>{entry.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
