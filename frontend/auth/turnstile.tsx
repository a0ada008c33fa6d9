import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { api, ok, withoutToken } from '../api/client';

/**
 * Cloudflare Turnstile on the sign-up form, only when the Worker says it is on
 * (GET /api/auth/config gives a site key). Its script is loaded then and only then.
 */
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void },
  ) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/**
 * GET /api/auth/config. The route needs no token (worker/auth/routes.ts): asked without one, so it
 * never renews a session.
 */
function fetchAuthConfig(): Promise<{ turnstile_site_key: string | null }> {
  return ok(api.auth.config.$get(undefined, withoutToken));
}

const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: fetchAuthConfig,
  staleTime: Infinity,
});

/** The Turnstile site key, or null when sign-up has no challenge (and while it is not known yet). */
export function useTurnstileSiteKey(enabled: boolean): string | null {
  const config = useQuery({ ...authConfigQuery, enabled });
  return config.data?.turnstile_site_key ?? null;
}

let loading: Promise<TurnstileApi> | null = null;
function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      if (window.turnstile) resolve(window.turnstile);
      else reject(new Error('Turnstile did not start'));
    };
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The widget. `onToken` gets each token Turnstile issues, and null when one expires or fails.
 * A token is good for one sign-up: bump `resetKey` after a refused submit to get a new one.
 */
export function TurnstileWidget({ siteKey, resetKey, onToken }: { siteKey: string; resetKey: number; onToken: (token: string | null) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const report = useEffectEvent((token: string | null) => onToken(token));

  useEffect(() => {
    let cancelled = false;
    void loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !container.current) return;
        const id = turnstile.render(container.current, {
          sitekey: siteKey,
          callback: (token) => report(token),
          'expired-callback': () => report(null),
          'error-callback': () => report(null),
        });
        widget.current = { api: turnstile, id };
      })
      .catch(() => report(null));
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetKey > 0 && widget.current) {
      widget.current.api.reset(widget.current.id);
      report(null);
    }
  }, [resetKey]);

  return <div className="auth-turnstile" ref={container} />;
}
