#!/usr/bin/env node
// `npm run admin -- …`: the operator's command
// (docs/decisions/0005-three-plans-enterprise-by-operator.md). Sets a user's plan (enterprise
// included) or grants credits with an 'operator' ledger row, by email, in the local database
// (honours PERSIST_DIR like `npm start`) or, with --remote, the deployed one. Every change is one
// batch: the ledger row and the balance move together or not at all.
import { spawn } from 'node:child_process';
import { bin, root } from './lib.mjs';

const PLANS = ['free', 'pro', 'enterprise'];
const MAX_GRANT = 100_000;

const USAGE = `Usage:
  npm run admin -- show    <email>                      [--remote]
  npm run admin -- plan    <email> <free|pro|enterprise> [--remote]
  npm run admin -- credits <email> <n> [--note "why"]    [--remote]

  plan     sets the user's plan (enterprise is granted only this way)
  credits  adds n credits (negative n takes them away, never below 0) with a ledger row
           (reason 'operator')
  --remote works on the deployed D1 database instead of the local one
           (the local one lives in .wrangler/state, or in PERSIST_DIR when set)`;

class UsageError extends Error {}

function parseArgs(argv) {
  const flags = { remote: false, note: null };
  const positional = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--remote') flags.remote = true;
    else if (arg === '--local') flags.remote = false;
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

/** A SQL string literal: the one place user input meets SQL, so quotes are doubled. */
function literal(text) {
  return `'${String(text).replaceAll("'", "''")}'`;
}

function runD1(sql, { remote }) {
  const args = ['d1', 'execute', 'DB', remote ? '--remote' : '--local', '--json', '--command', sql];
  if (!remote && process.env.PERSIST_DIR) args.push('--persist-to', process.env.PERSIST_DIR);
  return new Promise((resolve, reject) => {
    const child = spawn(bin('wrangler'), args, { cwd: root, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      const start = stdout.search(/^[[{]/m);
      let parsed;
      try {
        parsed = JSON.parse(start >= 0 ? stdout.slice(start) : stdout);
      } catch {
        reject(new Error(`wrangler d1 execute failed:\n${stderr || stdout}`));
        return;
      }
      if (!Array.isArray(parsed)) reject(new Error(parsed?.error?.text ?? `wrangler d1 execute failed:\n${stderr || stdout}`));
      else resolve(parsed);
    });
  });
}

async function findUser(email, options) {
  const [result] = await runD1(`select id, email, plan, credits from users where email = ${literal(email)}`, options);
  return result?.results?.[0];
}

function describe(user) {
  return `${user.email}: plan ${user.plan}, ${user.credits} credit${user.credits === 1 ? '' : 's'}`;
}

function changeStatements(args) {
  const where = `email = ${literal(args.email)}`;
  if (args.command === 'plan') return [`update users set plan = ${literal(args.plan)} where ${where}`];
  const note = args.note ?? `operator grant via npm run admin`;
  return [
    `insert into credit_ledger (user_id, delta, reason, note, created_at) select id, ${args.credits}, 'operator', ${literal(note)}, cast(unixepoch('subsec') * 1000 as integer) from users where ${where}`,
    `update users set credits = credits + ${args.credits} where ${where}`,
  ];
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
  const where = args.remote ? 'the deployed (remote) database' : `the local database${process.env.PERSIST_DIR ? ` in ${process.env.PERSIST_DIR}` : ''}`;
  const before = await findUser(args.email, args);
  if (!before) {
    console.error(`Error: no user with the email ${args.email} in ${where}.`);
    process.exitCode = 1;
    return;
  }
  if (args.command === 'show') {
    console.log(describe(before));
    return;
  }
  if (args.command === 'plan' && before.plan === args.plan) {
    console.log(`No change: ${describe(before)}.`);
    return;
  }
  if (args.command === 'credits' && before.credits + args.credits < 0) {
    console.error(`Error: ${args.email} has ${before.credits} credits; taking ${-args.credits} would go below 0. Nothing changed.`);
    process.exitCode = 1;
    return;
  }
  try {
    // Several statements in one --command run as one batch: all land, or none do.
    await runD1(changeStatements(args).join(';\n'), args);
  } catch (error) {
    console.error(`Error: nothing changed. ${error.message}`);
    process.exitCode = 1;
    return;
  }
  const after = await findUser(args.email, args);
  console.log(`Updated ${where}:`);
  if (before.plan !== after.plan) console.log(`  plan:    ${before.plan} → ${after.plan}`);
  if (before.credits !== after.credits) {
    const delta = after.credits - before.credits;
    console.log(`  credits: ${before.credits} → ${after.credits} (${delta > 0 ? '+' : ''}${delta}, ledger reason 'operator')`);
  }
  console.log(`  now ${describe(after)}`);
  // Open tabs learn of the change on their next profile read (the Worker's live channel only
  // hears about changes the Worker itself makes).
}

await main();
