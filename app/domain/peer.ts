// Who is at the other end of a connection, judged by the socket's peer address (never by headers, which the caller
// writes). The admin channel answers only loopback peers: 127.0.0.0/8, ::1, and the IPv4 loopback written as an
// IPv6-mapped address. A server bound to one non-loopback address cannot be reached that way: its commands wait until
// it stops (the CLI says so).

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) in its IPv4 form; any other address unchanged. */
function plain(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const a = plain(address)
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a)
}

/**
 * The address a local client connects to, given the address a server listens on: the loopback of the same family
 * for a wildcard (every interface), else that very address.
 */
export function connectAddress(listenAddress: string): string {
  if (listenAddress === '0.0.0.0' || listenAddress === '') return '127.0.0.1'
  if (listenAddress === '::' || listenAddress === '::0') return '::1'
  return listenAddress
}
