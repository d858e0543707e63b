/**
 * Resolves in a task of its own: the browser may paint and answer a tap before what follows runs, so that on a
 * slow phone two steps of work are two short tasks instead of one long one. A message, not a timer, which a
 * background tab would hold back.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
