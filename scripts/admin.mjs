#!/usr/bin/env node
// `npm run admin -- …`: the operator's command
// (docs/decisions/0005-three-plans-enterprise-by-operator.md). Sets a user's plan (enterprise
// included) or grants credits, by email, through the Worker's /api/admin routes: locally against
// the running app (`npm start`, PORT honoured) with the ADMIN_TOKEN of .dev.vars, or with
// --remote <https://host> against a deployment with ADMIN_TOKEN from the environment. The Worker
// writes the 'operator' ledger row and the balance in one batch and tells the user's open tabs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const PLANS = ['free', 'pro', 'enterprise'];
const MAX_GRANT = 100_000;
const TIMEOUT_MS = 30_000;

const USAGE = `Usage:
  npm run admin -- show    <email>                       [--remote <https://host>]
  npm run admin -- plan    <email> <free|pro|enterprise>  [--remote <https://host>]
  npm run admin -- credits <email> <n> [--note "why"]     [--remote <https://host>]

  plan     sets the user's plan (enterprise is granted only this way)
  credits  adds n credits (negative n takes them away, never below 0) with a ledger row
           (reason 'operator')
  show     prints the plan, the balance and the sum of the ledger

  Without --remote the command calls the app running locally (\`npm start\`) at
  http://localhost:8787 (PORT overrides) with ADMIN_TOKEN from .dev.vars.
  --remote <https://host> calls a deployment instead, with ADMIN_TOKEN from the environment
           (the same value as its \`wrangler secret put ADMIN_TOKEN\`).
  The user's open tabs see every change at once.`;

class UsageError extends Error {}
class Failure extends Error {}

function parseArgs(argv) {
  const flags = { remote: null, note: undefined };
  const positional = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--remote') {
      flags.remote = argv[index + 1];
      index += 1;
      if (flags.remote === undefined || flags.remote.startsWith('--')) {
        throw new UsageError('--remote needs the deployed app\'s address, for example --remote https://parti.example.com.');
      }
    } else if (arg.startsWith('--remote=')) flags.remote = arg.slice('--remote='.length);
    else if (arg === '--local') flags.remote = null;
    else if (arg === '--note') {
      flags.note = argv[index + 1];
      index += 1;
      if (flags.note === undefined) throw new UsageError('--note needs a text.');
    } else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  const [command, rawEmail, value, ...extra] = positional;
  if (!command) throw new UsageError('');
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}.`);
  if (!['show', 'plan', 'credits'].includes(command)) throw new UsageError(`Unknown command "${command}".`);
  const email = (rawEmail ?? '').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${rawEmail ?? ''}" is not an email address.`);
  if (flags.note !== undefined && command !== 'credits') throw new UsageError('--note goes with the credits command.');
  if (flags.note !== undefined && (flags.note.trim() === '' || flags.note.length > 500)) {
    throw new UsageError('The note must be 1 to 500 characters.');
  }
  if (command === 'show') {
    if (value !== undefined) throw new UsageError(`Unexpected argument ${value}.`);
    return { command, email, ...flags };
  }
  if (command === 'plan') {
    if (!PLANS.includes(value)) throw new UsageError(`The plan must be one of ${PLANS.join(', ')}; got "${value ?? ''}".`);
    return { command, email, plan: value, ...flags };
  }
  if (!/^-?\d+$/.test(value ?? '') || Number(value) === 0 || Math.abs(Number(value)) > MAX_GRANT) {
    throw new UsageError(`The number of credits must be a whole number from -${MAX_GRANT} to ${MAX_GRANT}, not 0; got "${value ?? ''}".`);
  }
  return { command, email, credits: Number(value), ...flags };
}

function isLocalHost(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost');
}

/** A value of .dev.vars (dotenv syntax: NAME="value" or NAME=value). */
function devVar(name) {
  const file = path.join(root, '.dev.vars');
  if (!existsSync(file)) return undefined;
  const match = readFileSync(file, 'utf8').match(new RegExp(`^${name}=(?:"([^"\\n]*)"|'([^'\\n]*)'|([^\\n#]*))`, 'm'));
  return match ? (match[1] ?? match[2] ?? match[3] ?? '').trim() : undefined;
}

/** Where to call and with which token: the local app by default, a deployment with --remote. */
function target(args) {
  if (args.remote === null) {
    const port = process.env.PORT || '8787';
    const token = process.env.ADMIN_TOKEN?.trim() || devVar('ADMIN_TOKEN');
    if (!token && !existsSync(path.join(root, '.dev.vars'))) {
      throw new Failure('there is no .dev.vars here, so the app has not been started from this folder: start it with `npm start`.');
    }
    if (!token) {
      throw new Failure(
        'ADMIN_TOKEN is not set in .dev.vars. Restart the app with `npm start`: it adds the local value from ' +
          '.dev.vars.example to .dev.vars, and the running app needs it too.',
      );
    }
    return { base: `http://localhost:${port}`, token, where: `the local app at http://localhost:${port}`, local: true };
  }
  let url;
  try {
    url = new URL(args.remote);
  } catch {
    throw new UsageError(`--remote needs an address such as https://parti.example.com; got "${args.remote}".`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalHost(url.hostname))) {
    throw new UsageError(`--remote must be an https:// address (the token would travel in the clear); got "${args.remote}".`);
  }
  const token = process.env.ADMIN_TOKEN?.trim();
  if (!token) throw new Failure('set ADMIN_TOKEN in the environment to the deployment\'s secret (`wrangler secret put ADMIN_TOKEN`).');
  return { base: url.origin, token, where: url.origin, local: false };
}

async function request(to, method, pathname, body, email) {
  // Checked here so a malformed token is never echoed back in fetch's header error.
  if (!/^[\x21-\x7e]+$/.test(to.token)) throw new Failure('ADMIN_TOKEN may hold only printable characters without spaces.');
  const url = `${to.base}/api/admin${pathname}`;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${to.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
    if (to.local) {
      throw new Failure(
        `nothing answers at ${to.base} (${reason}). Start the app with \`npm start\` (set PORT if it runs on another port) and try again. Nothing changed.`,
      );
    }
    throw new Failure(`could not reach ${to.base} (${reason}). Nothing changed.`);
  }
  let payload;
  try {
    payload = await response.json();
  } catch {
    throw new Failure(`${url} answered ${response.status} with something other than Parti's API. Is another program on that port?`);
  }
  if (response.ok) return payload;
  const error = payload?.error ?? {};
  if (response.status === 404 && error.field === 'email') throw new Failure(`no user with the email ${email} at ${to.where}. Nothing changed.`);
  if (response.status === 404) {
    throw new Failure(
      `${to.where} has no admin routes for this token (404). Either ADMIN_TOKEN is unset or shorter than 32 characters ` +
        `there, or the token sent is not the app's${to.local ? ' (restart `npm start` after changing .dev.vars)' : ''}.`,
    );
  }
  throw new Failure(`${error.message ?? `the app answered ${response.status}.`}${response.status >= 500 ? ' The change may or may not have landed: check with show.' : ''}`);
}

function describe(user) {
  return `${user.email}: plan ${user.plan}, ${user.credits} credit${user.credits === 1 ? '' : 's'}`;
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(`Error: ${error.message}\n`);
    console.error(USAGE);
    process.exitCode = error.message ? 2 : 0;
    return;
  }
  try {
    const to = target(args);
    const userPath = `/users/${encodeURIComponent(args.email)}`;
    if (args.command === 'show') {
      const user = await request(to, 'GET', userPath, undefined, args.email);
      console.log(describe(user));
      if (user.ledger_sum !== user.credits) console.log(`  warning: the ledger sums to ${user.ledger_sum}, not ${user.credits}`);
      return;
    }
    if (args.command === 'plan') {
      const result = await request(to, 'PUT', `${userPath}/plan`, { plan: args.plan }, args.email);
      if (!result.changed) {
        console.log(`No change: ${describe(result.user)}.`);
        return;
      }
      console.log(`Updated ${to.where}:`);
      console.log(`  plan:    ${result.plan_before} → ${result.user.plan}`);
      console.log(`  now ${describe(result.user)} (open tabs were told)`);
      return;
    }
    const body = { delta: args.credits, ...(args.note === undefined ? {} : { note: args.note }) };
    const result = await request(to, 'POST', `${userPath}/credits`, body, args.email);
    console.log(`Updated ${to.where}:`);
    console.log(`  credits: ${result.credits_before} → ${result.user.credits} (${result.delta > 0 ? '+' : ''}${result.delta}, ledger reason 'operator')`);
    console.log(`  now ${describe(result.user)} (open tabs were told)`);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    if (!(error instanceof Failure)) throw error;
    console.error(`Error: ${error.message}`);
    process.exitCode = 1;
  }
}

await main();
