/**
 * Where the API client gets the access token and renews it. The auth store plugs itself in when it
 * is made; the client only reads it, so the client never imports the store (the store loads the
 * client lazily, and the two stay out of an import cycle).
 */
export interface TokenSource {
  accessToken(): string | null;
  /** Renews the session and returns the new access token, or null when signed out. */
  renew(): Promise<string | null>;
}

let source: TokenSource | null = null;

export function setTokenSource(next: TokenSource): void {
  source = next;
}

export function tokenSource(): TokenSource | null {
  return source;
}
