/**
 * Security headers for every answer: the Worker's own (middleware) and the static assets
 * (written to the build's `_headers` file by vite.config.ts), so both read this one record.
 */
const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com';
const RAZORPAY_API = 'https://api.razorpay.com';
/** Cloudflare Turnstile's script and frame, used on sign-up only when a site key is configured. */
const TURNSTILE = 'https://challenges.cloudflare.com';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${RAZORPAY_CHECKOUT} ${TURNSTILE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  `connect-src 'self' ${RAZORPAY_API}`,
  `frame-src ${RAZORPAY_CHECKOUT} ${RAZORPAY_API} ${TURNSTILE}`,
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com")',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};
