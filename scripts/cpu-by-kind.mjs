#!/usr/bin/env node
// `node scripts/cpu-by-kind.mjs -- <command…>`: runs the command and prints the CPU seconds every
// process on the machine spent while it ran, summed by kind (workerd, each kind of Chromium
// process, each Node program), beside the wall clock. Linux only: it reads /proc twice a second,
// so a process that lives less than half a second may be missed. The figures of
// docs/decisions/0080's second amendment come from it; on two cores, a run's wall clock cannot be
// less than half its CPU seconds.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const command = process.argv.slice(process.argv.indexOf('--') + 1);
if (process.argv.indexOf('--') < 0 || command.length === 0) {
  console.error('usage: node scripts/cpu-by-kind.mjs -- <command> [arguments…]');
  process.exit(2);
}

/** What a process is, from its command line: the program, and for Node the script it runs. */
function kindOf(name, commandLine) {
  if (name.includes('workerd')) return 'workerd';
  if (commandLine.includes('chromium')) {
    const type = /--type=([a-z-]+)/.exec(commandLine)?.[1] ?? 'browser';
    const utility = /--utility-sub-type=([\w.]+)/.exec(commandLine)?.[1];
    return `chromium ${type}${utility ? ` ${utility}` : ''}`;
  }
  const [program = '', ...rest] = commandLine.split(' ');
  if (!program.endsWith('node')) return name;
  const script = rest.find((part) => part && !part.startsWith('-')) ?? '';
  return `node ${script.replace(/^.*node_modules\//, '').slice(0, 60)}`;
}

/** CPU seconds so far of every process, by its id and start time (an id can be reused). */
function sample(into) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      const key = `${pid}@${fields[19]}`;
      const known = into.get(key);
      if (known) known.seconds = Math.max(known.seconds, seconds);
      else into.set(key, { seconds, kind: kindOf(name, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()) });
    } catch {
      // It ended between the listing and the read.
    }
  }
}

const before = new Map();
sample(before);
const seen = new Map();
const started = performance.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const timer = setInterval(() => sample(seen), 500);
const code = await new Promise((resolve) => child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
clearInterval(timer);
const wall = (performance.now() - started) / 1000;

const byKind = new Map();
for (const [key, { seconds, kind }] of seen) {
  const spent = seconds - (before.get(key)?.seconds ?? 0);
  if (spent > 0) byKind.set(kind, (byKind.get(kind) ?? 0) + spent);
}
const total = [...byKind.values()].reduce((sum, seconds) => sum + seconds, 0);
console.log(`\nwall ${wall.toFixed(1)} s, CPU ${total.toFixed(1)} s, exit ${code}`);
for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  if (seconds >= 0.5) console.log(`${seconds.toFixed(1).padStart(8)} s  ${kind}`);
}
process.exitCode = code;
