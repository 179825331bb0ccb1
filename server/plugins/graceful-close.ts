import fp from 'fastify-plugin'

/**
 * Node's server.close() closes only the connections idle at that moment. A keep-alive connection whose
 * request is still running would otherwise stay open until its keep-alive timeout (72 s) and hold up the
 * shutdown: once closing starts, every answer tells the client to close the connection. Every answer, so the hook is
 * the whole server's; a plain callback, which costs a boolean test per answer (no promise).
 */
export default fp(
  async (app) => {
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close')
      done(null, payload)
    })
  },
  { name: 'graceful-close' },
)
