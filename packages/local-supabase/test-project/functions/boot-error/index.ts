// Fails while loading, before it serves anything.
throw new Error('the boot-error fixture never starts')
