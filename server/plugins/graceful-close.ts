import fp from 'fastify-plugin'

/**
 * Node's server.close() closes only the connections idle at that moment. A keep-alive connection whose
 * request is still running would otherwise stay open until its keep-alive timeout (72 s) and hold up the
 * shutdown: once closing starts, every answer tells the client to close the connection.
 */
export default fp(
  async (app) => {
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close')
      return payload
    })
  },
  { name: 'graceful-close' },
)
