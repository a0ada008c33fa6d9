/**
 * What counts as one email and as an acceptable password (docs/decisions/0001).
 */
import { PASSWORD_MIN_LENGTH } from '../platform/limits';
import { authMessages } from '#shared/messages';
import { AppError } from '../platform/errors';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control, format (zero-width, bidi, soft hyphen), separator and private-use characters, and noncharacters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
/** The local part is kept to printable ASCII: beyond it, look-alike letters (Cyrillic а for a) make twins. */
const ASCII_LOCAL = /^[\x21-\x7e]+$/;

/**
 * One spelling per mailbox: NFKC (full-width ａ becomes a, ligatures split), then trimmed and
 * lower-cased. Invisible or control characters are refused rather than stripped, so nobody gets
 * an account that looks like someone else's; the domain is stored in its ASCII (punycode) form, so
 * a look-alike domain is visibly another domain.
 */
export function normaliseEmail(raw: string): string {
  const invalid = () => new AppError('invalid_email', authMessages.invalidEmail, { field: 'email' });
  const folded = raw.normalize('NFKC').trim();
  if (INVISIBLE.test(folded)) throw invalid();
  const email = folded.toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw invalid();
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  let domain: string;
  try {
    domain = new URL(`http://${email.slice(at + 1)}`).hostname;
  } catch {
    throw invalid();
  }
  if (!ASCII_LOCAL.test(local) || !domain.includes('.') || domain !== domain.normalize('NFKC').toLowerCase()) throw invalid();
  const normalised = `${local}@${domain}`;
  if (normalised.length > 254 || !EMAIL_PATTERN.test(normalised)) throw invalid();
  return normalised;
}

/**
 * The passwords guessed first (the top of the lists leaked-password studies publish, those of at
 * least 8 characters, since shorter ones are refused anyway), compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'iloveyou', 'sunshine', 'princess', 'football', 'baseball', 'basketball', 'superman', 'batman123',
  'starwars', 'whatever', 'trustno1', 'welcome1', 'welcome123', 'letmein1', 'letmein123', 'qwerty123',
  'qwerty12', 'qwertyuiop', 'qwertyui', 'asdfghjkl', 'asdfghjk', 'zxcvbnm1', 'zxcvbnm123', '1q2w3e4r',
  '1q2w3e4r5t', '1qaz2wsx', 'q1w2e3r4', 'zaq12wsx', 'abc12345', 'abcd1234', 'a1b2c3d4', 'aa123456',
  'qwe12345', 'admin123', 'administrator', 'changeme', 'computer', 'internet', 'michelle', 'jennifer',
  'jordan23', 'liverpool', 'chelsea1', 'arsenal1', 'mustang1', 'shadow12', 'master12', 'monkey12',
  'dragon12', 'charlie1', 'michael1', 'default1', 'secret12', 'samsung1', 'google123', 'pokemon1',
  'minecraft', 'fuckyou1', 'loveyou1', 'lovely12', 'babygirl', 'butterfly', 'cookie12', 'freedom1',
  'hello123', 'hellohello', 'iloveyou1', 'pa55word', 'pass1234', 'test1234', 'testtest', 'user1234',
  'parti123', 'partipassword', 'architect', 'architecture',
]);

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc'];

function isSequential(text: string): boolean {
  if (text.length < 4) return false;
  // Ascending or descending by one throughout: 12345678, 87654321, abcdefgh.
  const steps = new Set<number>();
  for (let i = 1; i < text.length; i += 1) steps.add(text.charCodeAt(i) - text.charCodeAt(i - 1));
  if (steps.size === 1 && (steps.has(1) || steps.has(-1))) return true;
  const reversed = [...text].reverse().join('');
  return SEQUENCES.some((run) => run.includes(text) || run.includes(reversed));
}

/** A short unit repeated: 'aaaaaaaa', 'abababab', '12121212', 'passpass'. */
function isRepetition(text: string): boolean {
  for (let size = 1; size <= text.length / 2; size += 1) {
    if (text.length % size === 0 && text.slice(0, size).repeat(text.length / size) === text) return true;
  }
  return false;
}

/** Refuses passwords shorter than the minimum, and those a guesser tries first. */
export function checkPasswordStrength(password: string, email?: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new AppError('weak_password', authMessages.weakPassword, { field: 'password' });
  }
  const folded = password.normalize('NFKC').toLowerCase();
  const compact = folded.replace(/\s+/g, '');
  const local = email?.split('@')[0] ?? '';
  const weak =
    compact.length === 0 ||
    COMMON_PASSWORDS.has(folded) ||
    COMMON_PASSWORDS.has(compact) ||
    isRepetition(compact) ||
    isSequential(compact) ||
    (email !== undefined && (compact === email || (local.length >= 4 && compact.includes(local) && compact.length - local.length < 4)));
  if (weak) throw new AppError('weak_password', authMessages.commonPassword, { field: 'password' });
}
