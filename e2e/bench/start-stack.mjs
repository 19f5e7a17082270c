// The e2e stack (`support/stack.mjs`) as a child process of a bench script: the built shell and
// remotes served as `pnpm start` serves them, the API on a fresh database with the demo accounts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const STACK = fileURLToPath(new URL('../support/stack.mjs', import.meta.url));

/** Start the stack in a process group of its own; resolves once it says it is ready. */
export function startStack() {
  const child = spawn(process.execPath, [STACK], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('e2e stack ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the e2e stack stopped (exit ${code})`)));
  });
}

/** Stop a stack started by startStack (its whole process group) and wait for it. */
export async function stopStack(child) {
  if (child.exitCode !== null) return;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
