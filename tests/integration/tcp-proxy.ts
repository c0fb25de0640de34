/**
 * A TCP proxy in front of PostgreSQL that a test can cut and restore: the database going away and
 * coming back, as a restart or a failover looks to the server, without touching the shared cluster.
 */
import net from 'node:net'

export type ProxyState =
  /** connections pass through */
  | 'open'
  /** every connection is closed and nothing listens on the port (a connect is refused at once) */
  | 'refusing'
  /** every connection is closed; new ones are accepted and never answered (a host that is gone) */
  | 'silent'

export interface TcpProxy {
  /** the proxy's port on 127.0.0.1 */
  port: number
  state(): ProxyState
  /** closes every connection and refuses new ones */
  refuse(): Promise<void>
  /** closes every connection and swallows new ones without a word */
  silence(): Promise<void>
  /**
   * The connections open now are reset the next time their client sends anything (a firewall or
   * NAT that forgot them); new connections pass.
   */
  forget(): void
  /**
   * The connections open now carry nothing more either way and stay open (a firewall that dropped
   * them without a word); new connections pass. refuse() closes them.
   */
  stall(): void
  /** lets connections through again, on the same port */
  restore(): Promise<void>
  /** the connections through it now */
  connections(): number
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>()
  let state: ProxyState = 'open'
  const server = net.createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    if (state !== 'open') return
    const upstream = net.connect(target.port, target.host)
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
    const pair = { client, upstream }
    pairs.add(pair)
    client.on('close', () => pairs.delete(pair))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  const dropAll = () => {
    for (const s of sockets) s.destroy()
    sockets.clear()
    pairs.clear()
  }
  const listening = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))

  return {
    port,
    state: () => state,
    async refuse() {
      state = 'refusing'
      const closed = stopListening()
      dropAll()
      await closed
    },
    async silence() {
      state = 'silent'
      dropAll()
      if (!server.listening) await listening()
    },
    forget() {
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream)
        client.once('data', () => {
          client.resetAndDestroy()
          upstream.destroy()
        })
        // unpiped, the socket was paused: a 'data' listener alone does not start it again
        client.resume()
      }
      pairs.clear()
    },
    stall() {
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream)
        upstream.unpipe(client)
        client.on('data', () => undefined).resume()
        upstream.on('data', () => undefined).resume()
      }
      pairs.clear()
    },
    async restore() {
      state = 'open'
      if (!server.listening) await listening()
    },
    connections: () => sockets.size,
    async close() {
      state = 'refusing'
      const closed = stopListening()
      dropAll()
      await closed
    },
  }
}
