import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { GST_STATES, gstState } from '#shared/gst';
import { BILLING_ADDRESS_MAX_CHARS, BILLING_NAME_MAX_CHARS } from '#shared/limits';
import { receiptMessages } from '#shared/messages/receipts';
import { ApiError, errorMessage } from '../api/client';
import { saveBillingDetails, type BillingDetails } from '../api/credits';
import { billingKeys, billingQuery } from '../queries/credits';
import { creditsMessages } from './copy';
import { stateFromGstin } from './purchase-rules';
import './purchases.css';

const { billing: copy } = creditsMessages;

type Field = keyof BillingDetails;

interface Draft {
  name: string;
  gstin: string;
  stateCode: string;
  address: string;
}

function draftOf(details: BillingDetails): Draft {
  return { name: details.name ?? '', gstin: details.gstin ?? '', stateCode: details.stateCode ?? '', address: details.address ?? '' };
}

function BillingForm({ userId, saved }: { userId: string; saved: BillingDetails }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const ids = { name: useId(), nameHint: useId(), gstin: useId(), state: useId(), address: useId(), problem: useId() };
  const save = useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (details) => {
      client.setQueryData(billingKeys.of(userId), details);
      setDraft(draftOf(details));
    },
    onError: (error) => {
      const field = error instanceof ApiError && ['name', 'gstin', 'stateCode', 'address'].includes(error.field ?? '') ? (error.field as Field) : null;
      setProblem({ field, message: errorMessage(error) });
    },
  });
  const gstinState = stateFromGstin(draft.gstin);

  const edit = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    save.reset();
    if (problem?.field === field || problem?.field === null) setProblem(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The Worker checks it all again; a mistyped GSTIN is caught here without a round trip.
    if (draft.gstin.trim() !== '' && gstinState === null) {
      setProblem({ field: 'gstin', message: receiptMessages.invalidGstin });
      return;
    }
    setProblem(null);
    save.mutate({ name: draft.name, gstin: draft.gstin, stateCode: gstinState ?? draft.stateCode, address: draft.address });
  };

  const invalid = (field: Field) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.problem } : {});

  return (
    <form className="billing-form" onSubmit={submit} noValidate>
      <p className="billing-intro">{copy.intro}</p>
      <label htmlFor={ids.name}>{copy.name}</label>
      <input
        id={ids.name}
        name="name"
        autoComplete="organization"
        maxLength={BILLING_NAME_MAX_CHARS}
        value={draft.name}
        onChange={(event) => edit('name')(event.target.value)}
        aria-describedby={problem?.field === 'name' ? `${ids.nameHint} ${ids.problem}` : ids.nameHint}
        aria-invalid={problem?.field === 'name' || undefined}
      />
      <p className="billing-hint" id={ids.nameHint}>
        {copy.nameHint}
      </p>
      <div className="billing-pair">
        <div>
          <label htmlFor={ids.gstin}>{copy.gstin}</label>
          <input
            id={ids.gstin}
            name="gstin"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={draft.gstin}
            onChange={(event) => edit('gstin')(event.target.value)}
            {...invalid('gstin')}
          />
        </div>
        <div>
          <label htmlFor={ids.state}>{copy.state}</label>
          <select
            id={ids.state}
            name="state"
            value={gstinState ?? draft.stateCode}
            disabled={gstinState !== null}
            onChange={(event) => edit('stateCode')(event.target.value)}
            {...invalid('stateCode')}
          >
            <option value="">{copy.noState}</option>
            {GST_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
          {gstinState !== null && <p className="billing-hint">{`${copy.stateFromGstin}: ${gstState(gstinState)?.name ?? gstinState}`}</p>}
        </div>
      </div>
      <label htmlFor={ids.address}>{copy.address}</label>
      <textarea
        id={ids.address}
        name="address"
        autoComplete="street-address"
        rows={3}
        maxLength={BILLING_ADDRESS_MAX_CHARS}
        value={draft.address}
        onChange={(event) => edit('address')(event.target.value)}
        {...invalid('address')}
      />
      {problem && (
        <div className="form-error" role="alert" id={ids.problem}>
          {problem.message}
        </div>
      )}
      <div className="billing-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? copy.saving : copy.save}
        </button>
        <p className="billing-saved" role="status">
          {save.isSuccess ? copy.saved : ''}
        </p>
      </div>
    </form>
  );
}

/**
 * The billing details receipts print (docs/decisions/0092), behind a disclosure: most buyers need
 * none, a business needs its GSTIN on every receipt. /credits#billing opens it.
 */
export function BillingDetailsSection({ userId }: { userId: string }) {
  const billing = useQuery(billingQuery(userId));
  const [open] = useState(() => window.location.hash === '#billing');
  const section = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // Reached by a link to #billing within the app: the browser scrolls only on a full load.
    if (open) section.current?.scrollIntoView({ block: 'start' });
  }, [open]);
  return (
    <details className="billing-details" id="billing" open={open} ref={section}>
      <summary>
        <h2>{copy.title}</h2>
      </summary>
      {billing.isError && (
        <p className="credits-message" role="alert">
          {copy.loadFailed}
        </p>
      )}
      {billing.isPending && <p className="credits-message">{creditsMessages.loading}</p>}
      {billing.isSuccess && <BillingForm userId={userId} saved={billing.data} />}
    </details>
  );
}
