/**
 * A PostgreSQL cluster of a bench's own (initdb in a temporary directory, loopback only, fsync off),
 * so it can be restarted or thrown away without touching any other database: the fault suite and
 * the two-process test run on one. Debian's server binaries are used when installed
 * (/usr/lib/postgresql/<newest>/bin), else the ones on PATH; as root they run as the postgres user,
 * since initdb and the server refuse root.
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const pgVersion = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(a) - Number(b))
      .at(-1)
  : undefined
const pgBin = (tool: string) => (pgVersion ? `/usr/lib/postgresql/${pgVersion}/bin/${tool}` : tool)
const asRoot = process.getuid?.() === 0

function pgTool(tool: string, toolArgs: string[]): string {
  const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', pgBin(tool), ...toolArgs]] : [pgBin(tool), toolArgs]
  return execFileSync(command, all, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

export class OwnPostgres {
  readonly dir: string
  restarts = 0
  readonly url: string

  constructor(
    private readonly port: number,
    private readonly database: string,
    dirPrefix = 'polder-pg-',
  ) {
    this.dir = mkdtempSync(join(tmpdir(), dirPrefix))
    this.url = `postgres://postgres@127.0.0.1:${port}/${database}`
  }

  start(): void {
    if (asRoot)
      chownSync(
        this.dir,
        Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      )
    pgTool('initdb', ['-D', this.dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
    this.ctl('start')
    pgTool('psql', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-q', '-c', `CREATE DATABASE ${this.database}`])
  }

  private ctl(action: 'start' | 'restart' | 'stop', mode = 'fast'): void {
    // loopback only, its socket in its own directory; fsync off: a PostgreSQL crash (not the machine's) loses nothing
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`
    pgTool('pg_ctl', ['-D', this.dir, '-o', options, '-l', join(this.dir, 'log'), '-m', mode, '-w', '-t', '60', action])
  }

  /** As a crash or a failover: immediate shutdown, then started again (every connection drops). */
  restart(): void {
    this.ctl('restart', 'immediate')
    this.restarts += 1
  }

  /** Stops the cluster (if it runs) and removes its directory. */
  stop(): void {
    try {
      this.ctl('stop', 'fast')
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true })
  }
}
