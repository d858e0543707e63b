/**
 * A screen's first data: the device's copy or the server's answer, whichever comes first, so neither
 * waits for the other (opening the device database must not hold back a first visit's network request).
 * Without a stored copy it is the server's answer, or its error. Offline, the server is asked only when
 * nothing is stored.
 */
export function storedOrServer<T>(
  stored: Promise<T | null>,
  fromServer: () => Promise<T>,
  online: boolean,
): Promise<T> {
  if (!online) return stored.then((value) => value ?? fromServer())
  const fresh = fromServer()
  const storedElseFresh = stored.then(
    (value) => value ?? fresh,
    () => fresh,
  )
  return Promise.any([fresh, storedElseFresh]).catch(() => fresh)
}
