/**
 * Debian's nginx as the load balancer of `pnpm start:cluster` (ADR 0022): installed with apt-get
 * when missing (system-packages.mjs, as the tests' Chromium and Redis are), run as a child process
 * with a generated config in a temp dir, listening on 127.0.0.1 only, never as root (under root it
 * runs as `nobody`).
 * Round-robin over the API instances with no affinity (the clients use websockets only), the
 * WebSocket upgrade passed through, a dead instance skipped.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, NGINX } from './system-packages.mjs';

/** Installs Debian's nginx when it is not there (needs root, as in CI; else stops with the command). */
export function ensureNginx() {
  if (!existsSync(NGINX)) aptInstall(['nginx'], 'the cluster');
  if (!existsSync(NGINX)) throw new Error('nginx could not be installed');
  return NGINX;
}

/** The config: `port` on 127.0.0.1 → /api and /socket.io to the API instances, the rest to the shell. */
export function nginxConfig({ dir, port, apiPorts, shellPort }) {
  // max_fails=0: an instance is never marked down for a while. A dead one refuses at once and
  // the request goes to the next (proxy_next_upstream); a restarted one serves at once. With
  // marking, an instance restarted within fail_timeout stayed "down" and the death of the
  // other then left no live upstream (502).
  const servers = apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  const proxied = `
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
      proxy_read_timeout 1h;
      proxy_buffering off;`;
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  client_max_body_size 8m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream api {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location /api/ {${proxied}
      proxy_pass http://api;
    }
    location /socket.io/ {${proxied}
      proxy_pass http://api;
    }
    location / {
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_pass http://127.0.0.1:${shellPort};
    }
  }
}
`;
}

/** Starts nginx in the foreground of a child process; `stop()` ends it and removes its temp dir. */
export async function startNginx({ port, apiPorts, shellPort }) {
  const binary = ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'backlay-nginx-'));
  chmodSync(dir, 0o777);
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ dir, port, apiPorts, shellPort }));
  chmodSync(config, 0o644);
  // Never root: under root the whole nginx runs as nobody (the port is above 1024).
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child = spawn(binary, ['-p', dir, '-c', config, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: 'inherit', ...asNobody });
  await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}); see ${join(dir, 'error.log')}`)));
    const started = Date.now();
    const poll = async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/api/health`);
        resolve();
      } catch {
        if (Date.now() - started > 10_000) reject(new Error('nginx did not answer in 10 s'));
        else setTimeout(poll, 100);
      }
    };
    void poll();
  });
  return {
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
