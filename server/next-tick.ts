/**
 * Node's `process.nextTick` made hot before the server takes its first request. V8 compiles it
 * for the object each call makes as it saw that object made until then. Compiled while the first
 * requests were answered (a load balancer's health checks in the seconds after the store
 * listens), it made the object through V8's runtime for as long as the process lived: a tenth of
 * the CPU of a page from memory, and of every other answer's ticks (docs/decisions/0675). Called
 * 50,000 times one way first, it is compiled with the object made in line, and stays so.
 */
export async function warmNextTick(): Promise<void> {
  const nothing = () => {};
  for (let round = 0; round < 50; round++) {
    for (let i = 0; i < 1000; i++) process.nextTick(nothing);
    // The ticks run, and V8 finishes compiling in the background meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
