import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for tests: initdb into a temp directory, pg_ctl on a free port with fsync off, and
 * `stop()` that kills it (immediate mode) and removes the directory. Debian's `postgresql` package provides the
 * binaries (scripts/test.sh installs it when missing). initdb refuses to run as root, so as root the directory is
 * handed to the `postgres` user and both tools run through runuser.
 */
export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication, no password). */
  url: string;
  port: number;
  directory: string;
  /** A connection URL for a fresh, empty database on this cluster. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const installed = existsSync(root) ? readdirSync(root) : [];
  const versions = installed.filter((entry) => existsSync(join(root, entry, 'bin', 'initdb')));
  // Highest major version first, so a machine with several clusters uses the newest tools.
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0] === undefined) {
    throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql; install the Debian `postgresql` package');
  }
  return join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string[], asPostgres: boolean): { ok: boolean; output: string } {
  const argv = asPostgres ? ['runuser', '-u', 'postgres', '--', ...command] : command;
  const result = Bun.spawnSync(argv, { stdout: 'pipe', stderr: 'pipe' });
  return { ok: result.exitCode === 0, output: `${result.stdout.toString()}${result.stderr.toString()}` };
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  const asPostgres = process.getuid?.() === 0;
  const directory = mkdtempSync(join(tmpdir(), 'recite-pg-'));
  let started = false;
  const stopCluster = () => {
    if (started) run([join(bin, 'pg_ctl'), '-D', directory, '-m', 'immediate', 'stop'], asPostgres);
    started = false;
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    if (asPostgres) {
      const user = Bun.spawnSync(['id', '-u', 'postgres'], { stdout: 'pipe' });
      const group = Bun.spawnSync(['id', '-g', 'postgres'], { stdout: 'pipe' });
      if (user.exitCode !== 0) throw new Error('running as root but there is no `postgres` user for initdb');
      chownSync(directory, Number(user.stdout.toString().trim()), Number(group.stdout.toString().trim()));
    }
    const init = run([join(bin, 'initdb'), '-D', directory, '-A', 'trust', '-U', 'postgres', '--no-sync'], asPostgres);
    if (!init.ok) throw new Error(`initdb failed:\n${init.output}`);
    // A port can be taken between probing and binding; a few tries make that race harmless.
    let port = 0;
    let lastOutput = '';
    for (let attempt = 0; attempt < 5 && !started; attempt++) {
      port = await freePort();
      const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
      const logFile = join(directory, 'server.log');
      const command = [join(bin, 'pg_ctl'), '-D', directory, '-o', options, '-l', logFile, '-w', 'start'];
      const start = run(command, asPostgres);
      started = start.ok;
      lastOutput = start.output;
    }
    if (!started) throw new Error(`pg_ctl start failed:\n${lastOutput}`);
    // A test process that dies without its afterAll must not leave a server behind.
    process.once('exit', stopCluster);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      port,
      directory,
      async createDatabase(name) {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
        const { Client } = await import('pg');
        const client = new Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        process.removeListener('exit', stopCluster);
        stopCluster();
      },
    };
  } catch (error) {
    stopCluster();
    throw error;
  }
}
