// Starts the e2e run's servers side by side (ADR 0460): Playwright starts the entries of `webServer` one after the
// other and waits for each to answer before it starts the next, so five servers cost the sum of their start-ups. This
// launcher is the config's one web server: it refuses a port something already answers on (as `reuseExistingServer:
// false` does), starts every server at once, prints each one's stderr under its name, and says "e2e servers ready"
// on stdout once every health address answers. A server that stops before then stops the run, with its name. The
// servers are its children in Playwright's process group, which Playwright ends after the run.
import { spawn } from 'node:child_process';
import http from 'node:http';

/** @typedef {{ name: string, command: string[], env: Record<string, string>, url: string }} ServerSpec */

/** @type {ServerSpec[]} */
const servers = JSON.parse(process.env['E2E_SERVERS'] ?? '[]');
const timeoutMs = Number(process.env['E2E_SERVERS_TIMEOUT_MS'] ?? 120_000);
// The servers get the run's environment (as Playwright gives a web server's command), without this launcher's list.
const inherited = { ...process.env };
delete inherited['E2E_SERVERS'];
delete inherited['E2E_SERVERS_TIMEOUT_MS'];

/** Whether anything answers HTTP at the address (any status). */
function answers(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode !== undefined && response.statusCode < 500);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** Writes a child's output line by line under its name. */
function prefixed(name, stream, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`[${name}] ${rest}\n`);
  });
}

const children = [];
function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  process.exit(code);
}
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

const busy = [];
for (const server of servers) if (await answers(server.url)) busy.push(server);
if (busy.length > 0) {
  for (const server of busy)
    process.stderr.write(`${server.url} (${server.name}) already answers: stop what runs there first\n`);
  process.exit(1);
}

let ready = false;
const started = Date.now();
for (const server of servers) {
  const [command = 'node', ...args] = server.command;
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    env: { ...inherited, ...server.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  prefixed(server.name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    const how = signal ?? `exit code ${code}`;
    process.stderr.write(`${server.name} stopped (${how})${ready ? '' : ' before every server answered'}\n`);
    // Before every server answers, one that stops stops the start; after, the tests on it fail, the others go on.
    if (!ready) stopAll(1);
  });
}

await Promise.all(
  servers.map(async (server) => {
    while (!(await answers(server.url))) {
      if (Date.now() - started > timeoutMs) {
        process.stderr.write(`${server.name} did not answer ${server.url} within ${timeoutMs} ms\n`);
        stopAll(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    process.stderr.write(`${server.name} answers after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }),
);
ready = true;
process.stdout.write('e2e servers ready\n');
