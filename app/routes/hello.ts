// A bare route for the benchmark's baseline (same server, same middleware).
export function loader() {
  return new Response('hello world', { headers: { 'Content-Type': 'text/plain' } })
}
