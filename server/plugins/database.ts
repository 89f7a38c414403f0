import fp from 'fastify-plugin';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The clock every command reads; tests inject their own. */
    now: () => Date;
  }
}

export interface DatabasePluginOptions {
  db: Database;
  now: () => Date;
}

export default fp<DatabasePluginOptions>(
  (app, options, done) => {
    app.decorate('db', options.db);
    app.decorate('now', options.now);
    done();
  },
  { name: 'database' },
);
