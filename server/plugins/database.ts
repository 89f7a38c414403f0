import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import type { ReadReplicas } from '../db/readReplicas';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The clock every command reads; tests inject their own. */
    now: () => Date;
    /** The hot standbys read routes may read from (`DATABASE_READ_URL`); null without. */
    readReplicas: ReadReplicas | null;
  }
}

export interface DatabasePluginOptions {
  db: Database;
  now: () => Date;
  readReplicas: ReadReplicas | null;
}

export default fp<DatabasePluginOptions>(
  (app, options, done) => {
    app.decorate('db', options.db);
    app.decorate('now', options.now);
    app.decorate('readReplicas', options.readReplicas);
    done();
  },
  { name: 'database' },
);
